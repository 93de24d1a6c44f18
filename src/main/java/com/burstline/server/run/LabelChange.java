package com.burstline.server.run;

import java.time.Instant;

/**
 * One field of a run's labels as someone changed it ({@code GET /api/v1/runs/{id}/history}); values as text, null
 * for unset. {@code changedBy} is who was signed in: {@code api-client} for the API token, {@code dashboard} for
 * the dashboard's sign-in.
 */
public record LabelChange(Instant changedAt, String changedBy, String field, String oldValue, String newValue) {
}
