package com.burstline.contract;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * One measurement for the system under test to run as the client ({@code POST /v1/scenarios}), typed and bounded:
 * the server builds it, the agent reads it, and both check it here, so no value that did not pass these limits ever
 * reaches a tool's argument list. The limits are public so that the server's job checks name the same bounds.
 *
 * @param nonce the one-time secret of this dispatch ({@link DispatchNonce}): the agent sends it back with every live
 *              sample and with the result, which is how the server knows it gave this agent this scenario
 */
public record ScenarioSpec(long jobId, long scenarioId, int attempt, String peerHost, int port, String protocol,
                           String direction, int streams, int durationSeconds, double intervalSeconds,
                           int omitSeconds, Long targetBitsPerSecond, String tool, String nonce) {
    public static final Limit PORT = new Limit("port", 1024, 65535);
    public static final Limit STREAMS = new Limit("streams", 1, 128);
    public static final Limit DURATION = new Limit("durationSeconds", 1, 3600);
    public static final Limit INTERVAL = new Limit("intervalSeconds", 0.1, 60);
    public static final Limit OMIT = new Limit("omitSeconds", 0, 600);
    public static final Limit TARGET = new Limit("targetBitsPerSecond", 1_000, 400_000_000_000L);
    public static final Set<String> PROTOCOLS = Set.of("TCP", "UDP");
    public static final Set<String> DIRECTIONS = Set.of("upload", "download", "bidir");
    public static final double DEFAULT_INTERVAL = 1;
    /** The stock iperf3 binary. */
    public static final String TOOL_IPERF3 = "iperf3";
    /**
     * The agent's own engine (com.burstline.engine), for hosts without a native iperf3 build: the name its runs
     * carry as their program ("burstline-java 0.1.0" where iperf3 says "iperf3 3.12"), the one name everywhere.
     */
    public static final String TOOL_ENGINE = "burstline-java";
    /** What the API called the engine before it had one name; still accepted, always read as {@link #TOOL_ENGINE}. */
    public static final String TOOL_ENGINE_FORMER_NAME = "java";
    /** iperf3 when the agent has a native binary, else the engine: the agent decides. */
    public static final String TOOL_AUTO = "auto";
    public static final Set<String> TOOLS = Set.of(TOOL_IPERF3, TOOL_ENGINE, TOOL_AUTO);
    private static final Set<String> ACCEPTED_TOOLS = Set.of(TOOL_IPERF3, TOOL_ENGINE, TOOL_AUTO,
            TOOL_ENGINE_FORMER_NAME);
    public static final String UDP_NEEDS_TARGET =
            "targetBitsPerSecond is needed for UDP (iperf3 -b), e.g. 1000000000 for 1 Gbit/s";

    public ScenarioSpec {
        new AttemptKey(jobId, scenarioId, attempt);
        DispatchNonce.check(nonce);
        NameRules.checkHost("peerHost", peerHost);
        PORT.check(port);
        if (!PROTOCOLS.contains(protocol)) {
            throw new InvalidMessageException("protocol must be one of " + PROTOCOLS + ", not '" + protocol + "'");
        }
        if (!DIRECTIONS.contains(direction)) {
            throw new InvalidMessageException("direction must be one of " + DIRECTIONS + ", not '" + direction + "'");
        }
        STREAMS.check(streams);
        DURATION.check(durationSeconds);
        INTERVAL.check(intervalSeconds);
        OMIT.check(omitSeconds);
        tool = checkTool(tool);
        if (targetBitsPerSecond != null) {
            TARGET.check(targetBitsPerSecond);
        } else if ("UDP".equals(protocol)) {
            throw new InvalidMessageException(UDP_NEEDS_TARGET);
        }
    }

    /** The tool's one name when it is one of {@link #TOOLS} (or the engine's former name), else refused. */
    public static String checkTool(String tool) {
        if (!ACCEPTED_TOOLS.contains(tool)) {
            throw new InvalidMessageException("tool must be one of " + TOOLS.stream().sorted().toList() + ", not '"
                    + tool + "'");
        }
        return TOOL_ENGINE_FORMER_NAME.equals(tool) ? TOOL_ENGINE : tool;
    }

    /** A message's {@code tool} field: {@link #TOOL_AUTO} when absent, else {@link #checkTool}'s answer. */
    static String readTool(Fields fields) {
        return fields.isAbsent("tool") ? TOOL_AUTO : checkTool(fields.requireString("tool", 32));
    }

    public static ScenarioSpec fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        AttemptKey key = AttemptKey.fromJson(json);
        return new ScenarioSpec(key.jobId(), key.scenarioId(), key.attempt(),
                fields.requireString("peerHost", NameRules.MAX_HOST), fields.requireInt(PORT),
                fields.requireChoice("protocol", PROTOCOLS), fields.requireChoice("direction", DIRECTIONS),
                fields.requireInt(STREAMS), fields.requireInt(DURATION),
                fields.doubleOr(INTERVAL, DEFAULT_INTERVAL), fields.intOr(OMIT, 0), fields.optionalLong(TARGET),
                readTool(fields), // absent: an older server's spec runs as before
                fields.requireString(DispatchNonce.FIELD, DispatchNonce.MAX_LENGTH));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = key().toJson();
        json.put("peerHost", peerHost);
        json.put("port", port);
        json.put("protocol", protocol);
        json.put("direction", direction);
        json.put("streams", streams);
        json.put("durationSeconds", durationSeconds);
        json.put("intervalSeconds", intervalSeconds);
        json.put("omitSeconds", omitSeconds);
        json.put("targetBitsPerSecond", targetBitsPerSecond);
        json.put("tool", tool);
        json.put(DispatchNonce.FIELD, nonce);
        return json;
    }

    public AttemptKey key() {
        return new AttemptKey(jobId, scenarioId, attempt);
    }

    /**
     * How long the scenario may take before its result is given up on: duration + omit + the server's margin for
     * connecting and the results exchange. The peer's iperf3 server gets the same limit ({@link ServerRoleRequest}).
     */
    public long limitSeconds(Duration resultMargin) {
        return durationSeconds + omitSeconds + resultMargin.toSeconds();
    }

    public String describe() {
        return key().describe();
    }
}
