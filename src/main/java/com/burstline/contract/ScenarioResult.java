package com.burstline.contract;

import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/v1/agents/{name}/results}: how a scenario went, as its SUT agent saw it. Boxed fields, because the
 * server reads what arrives and refuses an incomplete result in words ({@link #key()}).
 *
 * @param output       the tool's output exactly as printed
 * @param outputFormat {@link #JSON} or {@link #JSON_STREAM}
 * @param command      the argument list the agent started
 * @param facts        the SUT's {@link HostFacts}, with the route to the peer; kept as sent, read with
 *                     {@link #hostFacts()}
 * @param counters     {@code {"interface": NAME, "delta": {COUNTER: after - before}}} of the routed interface
 * @param nonce        the dispatch's {@link DispatchNonce}, brought back from the {@link ScenarioSpec}
 * @param drops        the SUT's {@link HostDrops} around the measurement; kept as sent, read with {@link #hostDrops()};
 *                     null from an agent that counts none
 * @param latency      the scenario's {@link LatencyReport} as sent: its loaded-latency probe's, or a request/response
 *                     scenario's; null for none. Read with {@link #latencyReport()}
 */
public record ScenarioResult(Long jobId, Long scenarioId, Integer attempt, Boolean succeeded, String error,
                             String output, String outputFormat, String stderr, List<String> command,
                             Integer exitCode, Map<String, Object> facts, Map<String, Object> counters,
                             String nonce, Map<String, Object> drops, Map<String, Object> latency) {
    public static final String JSON = "json";
    public static final String JSON_STREAM = "json-stream";
    /** The engine's request/response client's output: one JSON event a line, its own shape (docs/engine.md). */
    public static final String REQUEST_RESPONSE = "burstline-rr";

    /** A result without drop counts or latency figures. */
    public ScenarioResult(Long jobId, Long scenarioId, Integer attempt, Boolean succeeded, String error,
                          String output, String outputFormat, String stderr, List<String> command,
                          Integer exitCode, Map<String, Object> facts, Map<String, Object> counters, String nonce) {
        this(jobId, scenarioId, attempt, succeeded, error, output, outputFormat, stderr, command, exitCode, facts,
                counters, nonce, null, null);
    }

    /** The attempt this result ends, or an {@link InvalidMessageException} when a part of it is missing. */
    public AttemptKey key() {
        AttemptKey key = AttemptKey.orNull(jobId, scenarioId, attempt);
        if (key == null || key.attempt() < 1 || succeeded == null) {
            throw new InvalidMessageException("a result needs jobId, scenarioId, attempt (1 or more) and succeeded");
        }
        return key;
    }

    /** The latency report, or null when none was sent; an {@link InvalidMessageException} when it is malformed. */
    public LatencyReport latencyReport() {
        return latency == null ? null : LatencyReport.fromJson(latency);
    }

    public boolean isRequestResponse() {
        return REQUEST_RESPONSE.equals(outputFormat);
    }

    public boolean isJsonStream() {
        return JSON_STREAM.equals(outputFormat);
    }

    /** The facts as typed values; all unknown when the agent sent none. */
    public HostFacts hostFacts() {
        return HostFacts.fromJson(facts == null ? Map.of() : facts);
    }

    /** The SUT's drop counters as typed values; null when the agent sent none. */
    public HostDrops hostDrops() {
        return drops == null ? null : HostDrops.fromJson(drops);
    }

    /** The counters' part as a map: {@code interface} and {@code delta}. */
    public static Map<String, Object> counters(String interfaceName, Map<String, Long> delta) {
        Map<String, Object> counters = new java.util.LinkedHashMap<>();
        counters.put("interface", interfaceName);
        counters.put("delta", delta);
        return counters;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = key().toJson();
        json.put("succeeded", succeeded);
        json.put("error", error);
        json.put("output", output);
        json.put("outputFormat", outputFormat);
        json.put("stderr", stderr);
        json.put("command", command);
        json.put("exitCode", exitCode);
        json.put("facts", facts);
        json.put("counters", counters);
        json.put(DispatchNonce.FIELD, nonce);
        json.put("drops", drops);
        if (latency != null) {
            json.put("latency", latency);
        }
        return json;
    }
}
