package com.burstline.server.run;

import java.time.Instant;

/**
 * One field of a run's labels as someone changed it ({@code GET /api/v1/runs/{id}/history}); values as text, null
 * for unset. {@code changedBy} is who made the change: the signed-in user's name, or the API token's name
 * ({@code api-token} for the bootstrap token).
 */
public record LabelChange(Instant changedAt, String changedBy, String field, String oldValue, String newValue) {
}
