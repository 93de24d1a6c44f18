package com.burstline.server.job;

import java.util.List;

/**
 * What a test's agent reports with a scenario's result: real iperf3 output from src/test/resources/iperf3, and the
 * agent's own numbers beside it (host facts, NIC counters delta, the argument list it started). Null parts get
 * {@link JobApiClient#result}'s defaults; JSON parts are written as the agent would send them.
 */
public record AgentResult(String sample, String factsJson, String countersJson, List<String> command) {

    public static AgentResult of(String sample) {
        return new AgentResult(sample, null, null, null);
    }

    public AgentResult withFacts(String json) {
        return new AgentResult(sample, json, countersJson, command);
    }

    public AgentResult withCounters(String json) {
        return new AgentResult(sample, factsJson, json, command);
    }

    public AgentResult withCommand(String... arguments) {
        return new AgentResult(sample, factsJson, countersJson, List.of(arguments));
    }

    String outputFormat() {
        return sample.endsWith("-stream.json") ? "json-stream" : "json";
    }
}
