package com.burstline.server.job;

import com.burstline.contract.Scenario;
import com.burstline.server.probe.ProbeView;

import java.time.Instant;

/**
 * One scenario of a job as the API shows it: {@code runId} once its result was stored (for a failed scenario, the
 * partial run of what it measured until it failed), {@code error} in words when it did not succeed, {@code note}
 * what else to know (a result that arrived late). {@code pair} is the index of its pair in the job's pairs,
 * {@code sut} and {@code peer} that pair's agents; {@code scenarioIndex} which of the requested scenarios it runs
 * (its place in the request's list); {@code probe} what a burst probe's scenario measured (null for any other);
 * {@code messageBytes} a request/response scenario's message size (null for a throughput scenario). The field names
 * are part of the API.
 */
public record ScenarioView(long id, int position, int repetition, String protocol, String direction, int streams,
                           int durationSeconds, double intervalSeconds, int omitSeconds, Long targetBitsPerSecond,
                           String tool, ScenarioStatus status, int attempt, Long runId, String error, Instant startedAt,
                           Instant finishedAt, String note, int pair, String sut, String peer, int scenarioIndex,
                           ProbeView probe, Integer messageBytes) {

    /** A throughput scenario's view: no message size. */
    public ScenarioView(long id, int position, int repetition, String protocol, String direction, int streams,
                        int durationSeconds, double intervalSeconds, int omitSeconds, Long targetBitsPerSecond,
                        String tool, ScenarioStatus status, int attempt, Long runId, String error, Instant startedAt,
                        Instant finishedAt, String note, int pair, String sut, String peer, int scenarioIndex,
                        ProbeView probe) {
        this(id, position, repetition, protocol, direction, streams, durationSeconds, intervalSeconds, omitSeconds,
                targetBitsPerSecond, tool, status, attempt, runId, error, startedAt, finishedAt, note, pair, sut, peer,
                scenarioIndex, probe, null);
    }

    /** "TCP 4 streams download", "UDP 1 Gbit/s upload", "UDP_RR 1 flow, 64 B": how pages name a scenario. */
    public String name() {
        return Scenario.name(protocol, direction, streams, targetBitsPerSecond, messageBytes);
    }

    /**
     * The job page's label: the name and duration, then only what tells this scenario from the others: its pair where
     * the job has several, its repetition where the job repeats, its tool where one was asked for rather than auto.
     */
    public String label(boolean severalPairs, boolean repeated) {
        StringBuilder label = new StringBuilder(name());
        if (severalPairs) {
            label.append(" on ").append(sut).append(" → ").append(peer);
        }
        label.append(", ").append(durationSeconds).append(" s");
        if (repeated) {
            label.append(", repeat ").append(repetition);
        }
        if (!Scenario.TOOL_AUTO.equals(tool)) {
            label.append(", ").append(tool);
        }
        return label.toString();
    }
}
