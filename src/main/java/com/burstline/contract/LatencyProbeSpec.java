package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The loaded-latency probe beside a throughput scenario: the SUT sends {@code ratePerSecond} small UDP requests to
 * the peer's {@code port} for {@code idleSeconds} before the bulk traffic and throughout it, and the peer's agent
 * answers those that carry {@code session} (a number the server draws for each dispatch, so that the peer answers
 * this SUT's probe and nothing else). Its own traffic is {@link #DATAGRAM_BYTES} of payload each way per request:
 * 64 bytes, 92 with IPv4 and UDP headers, so 50 a second are 4.6 kB/s (36.8 kbit/s) each way.
 */
public record LatencyProbeSpec(int port, int ratePerSecond, int idleSeconds, long session) {
    public static final Limit RATE = new Limit("ratePerSecond", 1, 1000);
    public static final Limit IDLE = new Limit("idleSeconds", 1, 60);
    public static final int DEFAULT_RATE = 50;
    public static final int DEFAULT_IDLE_SECONDS = 3;
    /** A request and its answer: the probe's header (magic, session, sequence, four clock readings) and padding. */
    public static final int DATAGRAM_BYTES = 64;
    /** A request unanswered this long counts lost, and the probe waits at most this long after the bulk ends. */
    public static final int LOSS_TIMEOUT_MILLIS = 1000;

    public LatencyProbeSpec {
        ScenarioSpec.PORT.check(port);
        RATE.check(ratePerSecond);
        IDLE.check(idleSeconds);
    }

    /** The probe as a job runs it by default. */
    public static LatencyProbeSpec standard(int port, long session) {
        return new LatencyProbeSpec(port, DEFAULT_RATE, DEFAULT_IDLE_SECONDS, session);
    }

    /** The time the probe adds to a scenario: its idle window before the bulk, and the wait for late answers after. */
    public long addedSeconds() {
        return idleSeconds + (LOSS_TIMEOUT_MILLIS + 999) / 1000;
    }

    /** Null when absent. */
    static LatencyProbeSpec fromJsonOrNull(Map<String, Object> json) {
        if (json.isEmpty()) {
            return null;
        }
        Fields fields = new Fields(json);
        return new LatencyProbeSpec(fields.requireInt(ScenarioSpec.PORT), fields.requireInt(RATE),
                fields.requireInt(IDLE), fields.requireLong("session", Long.MIN_VALUE, Long.MAX_VALUE));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("port", port);
        json.put("ratePerSecond", ratePerSecond);
        json.put("idleSeconds", idleSeconds);
        json.put("session", session);
        return json;
    }
}
