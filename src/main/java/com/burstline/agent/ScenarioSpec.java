package com.burstline.agent;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One measurement to run as the client (the system under test), typed and bounded. Only values that passed these
 * checks ever reach a tool's argument list.
 */
record ScenarioSpec(long jobId, long scenarioId, long attempt, String peerHost, int port, String protocol,
                    String direction, int streams, int durationSeconds, double intervalSeconds, int omitSeconds,
                    Long targetBitsPerSecond) {
    static final long MAX_TARGET_BITS_PER_SECOND = 400_000_000_000L;

    static ScenarioSpec fromJson(Map<String, Object> json) {
        RequestFields fields = new RequestFields(json);
        String peerHost = fields.requireString("peerHost", 253);
        if (!HostNames.isValid(peerHost)) {
            throw new InvalidRequestException("peerHost must be an IP address or a hostname, not '" + peerHost + "'");
        }
        String protocol = fields.requireChoice("protocol", Set.of("TCP", "UDP"));
        Long target = fields.optionalLong("targetBitsPerSecond", 1_000, MAX_TARGET_BITS_PER_SECOND);
        if ("UDP".equals(protocol) && target == null) {
            throw new InvalidRequestException("a UDP scenario needs targetBitsPerSecond (iperf3 -b)");
        }
        return new ScenarioSpec(
                fields.requireLong("jobId", 0, Long.MAX_VALUE),
                fields.requireLong("scenarioId", 0, Long.MAX_VALUE),
                fields.requireLong("attempt", 0, 1_000_000),
                peerHost,
                (int) fields.requireLong("port", 1024, 65535),
                protocol,
                fields.requireChoice("direction", Set.of("upload", "download", "bidir")),
                (int) fields.requireLong("streams", 1, 128),
                (int) fields.requireLong("durationSeconds", 1, 3600),
                fields.optionalDouble("intervalSeconds", 0.1, 60, 1),
                (int) fields.longOr("omitSeconds", 0, 600, 0),
                target);
    }

    String describe() {
        return "job " + jobId + " scenario " + scenarioId;
    }

    Map<String, Object> identity() {
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("jobId", jobId);
        identity.put("scenarioId", scenarioId);
        identity.put("attempt", attempt);
        return identity;
    }
}
