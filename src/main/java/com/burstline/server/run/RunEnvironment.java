package com.burstline.server.run;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an agent recorded around a run: null fields for runs that were uploaded by hand. The field names are part of
 * the API ({@code GET /api/v1/runs/{id}/environment}).
 */
public record RunEnvironment(long runId, Long jobId, JsonNode hostFacts, JsonNode nicCounters, JsonNode command) {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The stored JSON text parsed here, so that the API and the reports see objects, not strings. */
    static RunEnvironment of(long runId, RunProvenance provenance) {
        return new RunEnvironment(runId, provenance.jobId(), json(provenance.hostFacts()),
                json(provenance.nicCounters()), json(provenance.command()));
    }

    /** An uploaded run: nothing recorded. */
    public static RunEnvironment none(long runId) {
        return new RunEnvironment(runId, null, null, null, null);
    }

    private static JsonNode json(String text) {
        return text == null ? null : JSON.readTree(text);
    }
}
