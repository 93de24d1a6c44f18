package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Round-trip figures of a set of transactions or probe requests: how many were answered and lost, and the answered
 * ones' round trips in milliseconds (lowest, percentiles, highest, mean), each null when none was answered. The
 * percentiles come from a histogram whose buckets are at most 1/64 of their values wide (the engine's
 * {@code LatencyHistogram}), so they are within 0.8 % of the exact order statistic; lowest and highest are exact.
 * JSON writes the fields flat, so a {@link LatencySample} carries them beside its times.
 */
public record LatencyStats(long answered, long lost, Double minMs, Double p50Ms, Double p90Ms, Double p99Ms,
                           Double p999Ms, Double maxMs, Double meanMs) {
    public static final Limit ANSWERED = new Limit("answered", 0, 1e12);
    public static final Limit LOST = new Limit("lost", 0, 1e12);
    /** An hour: no round trip waited for is longer than a scenario. */
    private static final double MAX_MS = 3_600_000;
    private static final String[] FIGURES = {"minMs", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "meanMs"};
    /** Its fields on the wire, which a {@link LatencySample} carries beside its own. */
    static final java.util.Set<String> FIELDS = java.util.Set.of("answered", "lost", "minMs", "p50Ms", "p90Ms",
            "p99Ms", "p999Ms", "maxMs", "meanMs");

    public LatencyStats {
        ANSWERED.check(answered);
        LOST.check(lost);
        for (Double value : new Double[] {minMs, p50Ms, p90Ms, p99Ms, p999Ms, maxMs, meanMs}) {
            if (value != null && !(value >= 0 && value <= MAX_MS)) {
                throw new InvalidMessageException("a round trip must be between 0 and " + (long) MAX_MS
                        + " ms, not " + value);
            }
        }
        if (answered == 0 && maxMs != null) {
            throw new InvalidMessageException("round trips without an answered request");
        }
    }

    /** Nothing answered: {@code lost} requests, no round trip. */
    public static LatencyStats none(long lost) {
        return new LatencyStats(0, lost, null, null, null, null, null, null, null);
    }

    public long sent() {
        return answered + lost;
    }

    static LatencyStats fromJson(Fields fields) {
        Double[] values = new Double[FIGURES.length];
        for (int i = 0; i < FIGURES.length; i++) {
            values[i] = fields.optionalDouble(FIGURES[i]);
        }
        return new LatencyStats(fields.requireLong(ANSWERED), fields.requireLong(LOST), values[0], values[1],
                values[2], values[3], values[4], values[5], values[6]);
    }

    /** Null when the object is absent. */
    static LatencyStats fromJsonOrNull(Map<String, Object> json) {
        return json.isEmpty() ? null : fromJson(new Fields(json).onlyKnown(FIELDS));
    }

    void writeTo(Map<String, Object> json) {
        json.put("answered", answered);
        json.put("lost", lost);
        json.put("minMs", minMs);
        json.put("p50Ms", p50Ms);
        json.put("p90Ms", p90Ms);
        json.put("p99Ms", p99Ms);
        json.put("p999Ms", p999Ms);
        json.put("maxMs", maxMs);
        json.put("meanMs", meanMs);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        writeTo(json);
        return json;
    }
}
