package com.burstline.server.run;

import tools.jackson.databind.JsonNode;

/**
 * What an agent recorded around a run: null fields for runs that were uploaded by hand. The field names are part of
 * the API ({@code GET /api/v1/runs/{id}/environment}).
 */
public record RunEnvironment(long runId, Long jobId, JsonNode hostFacts, JsonNode nicCounters, JsonNode command) {
}
