package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.Fields;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySamples;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Map;

/**
 * A running scenario's latency samples as the server keeps them ({@link LatencySampleLog}) and relays them as a
 * {@code latency} event: the agent's {@link LatencySamples} without its nonce, in the same JSON.
 */
public record LatencyBatch(AttemptKey key, LatencyReport report) {
    public static LatencyBatch of(LatencySamples samples) {
        return new LatencyBatch(samples.key(), samples.report());
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static LatencyBatch fromJson(Map<String, Object> json) {
        return new LatencyBatch(AttemptKey.fromJson(json), LatencyReport.fromJson(new Fields(json).object("report")));
    }

    @JsonValue
    public Map<String, Object> toJson() {
        Map<String, Object> json = key.toJson();
        json.put("report", report.toJson());
        return json;
    }
}
