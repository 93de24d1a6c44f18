package com.burstline.contract;

import java.util.Map;

/**
 * {@code POST /api/v1/agents/{name}/latency}: a running scenario's latency samples (its loaded-latency probe's, or a
 * request/response scenario's) since the last message, with the summary of everything measured so far. The server
 * keeps them until the scenario ends, so that a scenario whose result never comes keeps what arrived.
 *
 * @param nonce the dispatch's {@link DispatchNonce}, brought back from the {@link ScenarioSpec}
 */
public record LatencySamples(AttemptKey key, LatencyReport report, String nonce) {
    /** A message carries a few intervals; the server refuses more, as it does for {@link LiveSamples}. */
    public static final int MAX_SAMPLES = LiveSamples.MAX_SAMPLES;

    public LatencySamples {
        if (key == null || report == null) {
            throw new InvalidMessageException("latency samples need jobId, scenarioId, attempt and a report");
        }
        if (report.samples().size() > MAX_SAMPLES) {
            throw new InvalidMessageException("latency samples hold at most " + MAX_SAMPLES + " samples a message");
        }
        DispatchNonce.check(nonce);
    }

    public static LatencySamples fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json).onlyKnown(java.util.Set.of("jobId", "scenarioId", "attempt", "report",
                DispatchNonce.FIELD));
        return new LatencySamples(AttemptKey.fromJson(json), LatencyReport.fromJson(fields.object("report")),
                fields.requireString(DispatchNonce.FIELD, DispatchNonce.MAX_LENGTH));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = key.toJson();
        json.put("report", report.toJson());
        json.put(DispatchNonce.FIELD, nonce);
        return json;
    }
}
