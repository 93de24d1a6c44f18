package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One interval of a latency measurement, as iperf3 reports one of throughput: seconds from when the agent started
 * the measuring tool (negative for the loaded-latency probe's idle window before it), which phase it belongs to, and
 * the round trips of the requests sent in it (a probe's) or the transactions completed in it (a request/response
 * scenario's).
 */
public record LatencySample(double start, double end, String phase, LatencyStats roundTrip) {
    /** The probe's window before the bulk traffic starts. */
    public static final String IDLE = "idle";
    /** The probe while the bulk traffic runs. */
    public static final String LOADED = "loaded";
    /** The scenario's omitted start (iperf3's {@code -O}), which no summary counts. */
    public static final String OMITTED = "omitted";
    /** A request/response scenario's transactions. */
    public static final String MEASURED = "measured";
    public static final Set<String> PHASES = Set.of(IDLE, LOADED, OMITTED, MEASURED);
    /** Seconds from the tool's start, as far as a scenario with its idle window can reach either way. */
    public static final Limit TIME = new Limit("start", -3600, 2 * 3600 + 600);

    public LatencySample {
        TIME.check(start);
        TIME.check(end);
        if (!(end > start)) {
            throw new InvalidMessageException("a latency sample must end after it starts, not at " + end
                    + " after " + start);
        }
        if (!PHASES.contains(phase)) {
            throw new InvalidMessageException("phase must be one of " + PHASES + ", not '" + phase + "'");
        }
        if (roundTrip == null) {
            throw new InvalidMessageException("a latency sample needs its round trips");
        }
    }

    public static LatencySample fromJson(Map<String, Object> json) {
        Set<String> known = new java.util.HashSet<>(LatencyStats.FIELDS);
        known.addAll(Set.of("start", "end", "phase"));
        Fields fields = new Fields(json).onlyKnown(known);
        return new LatencySample(fields.requireDouble(TIME), fields.requireDouble(new Limit("end", TIME.min(),
                TIME.max())), fields.requireChoice("phase", PHASES), LatencyStats.fromJson(fields));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("start", start);
        json.put("end", end);
        json.put("phase", phase);
        roundTrip.writeTo(json);
        return json;
    }
}
