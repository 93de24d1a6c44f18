package com.burstline.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A latency measurement as an agent reports it: its {@link LatencySummary} and its samples per interval, in time
 * order. The whole report travels with a scenario's result ({@link ScenarioResult#latencyReport()}); live, each
 * {@link LatencySamples} message carries the new samples and the summary so far, so whatever arrived before a job
 * was killed is a report too.
 */
public record LatencyReport(LatencySummary summary, List<LatencySample> samples) {
    /** An hour at 0.1 s intervals, and the probe's idle window before it. */
    public static final int MAX_SAMPLES = 40_000;

    public LatencyReport {
        if (summary == null || samples == null) {
            throw new InvalidMessageException("a latency report needs its summary and its samples");
        }
        if (samples.size() > MAX_SAMPLES) {
            throw new InvalidMessageException("a latency report holds at most " + MAX_SAMPLES + " samples, not "
                    + samples.size());
        }
        samples = List.copyOf(samples);
    }

    public static LatencyReport fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json).onlyKnown(java.util.Set.of("summary", "samples"));
        if (fields.objects("samples").size() > MAX_SAMPLES) {
            throw new InvalidMessageException("a latency report holds at most " + MAX_SAMPLES + " samples");
        }
        List<LatencySample> samples = new ArrayList<>();
        fields.objects("samples").forEach(sample -> samples.add(LatencySample.fromJson(sample)));
        Map<String, Object> summary = fields.object("summary");
        if (summary.isEmpty()) {
            throw new InvalidMessageException("a latency report needs its summary");
        }
        return new LatencyReport(LatencySummary.fromJson(summary), samples);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("summary", summary.toJson());
        json.put("samples", samples.stream().map(LatencySample::toJson).toList());
        return json;
    }
}
