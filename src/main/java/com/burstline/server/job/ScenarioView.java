package com.burstline.server.job;

import com.burstline.contract.Scenario;
import com.burstline.server.probe.ProbeView;
import com.burstline.server.run.Verdict;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.time.Instant;

/**
 * One scenario of a job as the API shows it: what it runs ({@code scenario}, its fields flat in the JSON, with
 * {@code messageBytes} a request/response scenario's message size, null for a throughput one),
 * {@code runId} once its result was stored (for a failed scenario, the partial run of what it measured until it
 * failed), {@code error} in words when it did not succeed, {@code note} what else to know (a result that arrived
 * late). {@code pair} is the index of its pair in the job's pairs, {@code sut} and {@code peer} that pair's agents;
 * {@code scenarioIndex} which of the requested scenarios it runs (its place in the request's list); {@code probe}
 * what a burst probe's scenario measured (null for any other); {@code verdict} what decided its run's received figure
 * (in {@code GET /api/v1/jobs/{id}} once the run is stored; null elsewhere). The field names are part of the API.
 */
public record ScenarioView(long id, int position, int repetition, @JsonUnwrapped Scenario scenario,
                           ScenarioStatus status, int attempt, Long runId, String error, Instant startedAt,
                           Instant finishedAt, String note, int pair, String sut, String peer, int scenarioIndex,
                           ProbeView probe, Verdict verdict) {

    /** The same scenario with its run's verdict. */
    ScenarioView withVerdict(Verdict runVerdict) {
        return new ScenarioView(id, position, repetition, scenario, status, attempt, runId, error, startedAt,
                finishedAt, note, pair, sut, peer, scenarioIndex, probe, runVerdict);
    }

    /** Whether the scenario has ended, one way or another. */
    @JsonProperty
    public boolean finished() {
        return status.finished();
    }

    /** "TCP 4 streams download", "UDP 1 Gbit/s upload", "UDP_RR 1 flow, 64 B": how pages name a scenario. */
    public String name() {
        return scenario.name();
    }

    /**
     * The job page's label: the name and duration, then only what tells this scenario from the others: its pair where
     * the job has several, its repetition where the job repeats, its tool where one was asked for rather than auto.
     */
    public String label(boolean severalPairs, boolean repeated) {
        StringBuilder label = new StringBuilder(where(severalPairs));
        label.append(", ").append(scenario.durationSeconds()).append(" s");
        if (repeated) {
            label.append(", repeat ").append(repetition);
        }
        if (!Scenario.TOOL_AUTO.equals(scenario.tool())) {
            label.append(", ").append(scenario.tool());
        }
        return label.toString();
    }

    /** The name, and its pair where the job has several: "TCP 1 stream upload on a → b" (the cooling note's). */
    public String where(boolean severalPairs) {
        return severalPairs ? name() + " on " + sut + " → " + peer : name();
    }
}
