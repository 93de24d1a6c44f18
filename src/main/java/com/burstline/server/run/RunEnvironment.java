package com.burstline.server.run;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;

/**
 * What the agents recorded around a run: null fields for runs that were uploaded by hand. {@code receiverDrops}
 * holds each receiving host's own drop counts ({@link ReceivingHosts}); for an uploaded run, the receiving host with
 * the reason none are known. The field names are part of the API ({@code GET /api/v1/runs/{id}/environment}).
 */
public record RunEnvironment(long runId, Long jobId, JsonNode hostFacts, JsonNode nicCounters, JsonNode command,
                             List<ReceiverDrops> receiverDrops) {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public RunEnvironment {
        receiverDrops = receiverDrops == null ? List.of() : List.copyOf(receiverDrops);
    }

    /** Without drop counts, as runs before agents counted them. */
    public RunEnvironment(long runId, Long jobId, JsonNode hostFacts, JsonNode nicCounters, JsonNode command) {
        this(runId, jobId, hostFacts, nicCounters, command, List.of());
    }

    /** The stored JSON text parsed here, so that the API and the reports see objects, not strings. */
    static RunEnvironment of(Run run, Map<String, ReceiverDrops> drops) {
        RunProvenance provenance = run.provenance();
        JsonNode nicCounters = json(provenance.nicCounters());
        return new RunEnvironment(run.getId(), provenance.jobId(), json(provenance.hostFacts()), nicCounters,
                json(provenance.command()), ReceivingHosts.of(run.toSummary(), drops, nicCounters));
    }

    /** An uploaded run: nothing recorded. */
    public static RunEnvironment none(long runId) {
        return new RunEnvironment(runId, null, null, null, null);
    }

    private static JsonNode json(String text) {
        return text == null ? null : JSON.readTree(text);
    }
}
