package com.burstline.server.job.planning;

import com.burstline.contract.Scenario;

import java.util.List;

/**
 * {@code POST /api/v1/jobs}: a plan by name (the burst probe's reads {@code probeDirections} and
 * {@code maxDurationSeconds}) or a list of scenarios, between two registered agents ({@code sut},
 * {@code peer}) or several pairs of them ({@code pairs}), in an {@code order}, with a cool-down between scenarios on
 * the same host, with {@code labels} for every run it stores, and {@code latencyProbe} false to run its throughput
 * scenarios without the loaded-latency probe (on when absent). Everything is checked by {@link JobRules}; nothing
 * here is trusted. A record, so that other
 * features (schedules) can keep one as a template and send it again: every field a job takes is a field a
 * template takes.
 */
public record JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
                         List<String> tags, Integer durationSeconds, String onFailure, List<PairRequest> pairs,
                         String order, Long seed, CoolDownRequest coolDownSeconds, List<String> probeDirections,
                         Integer maxDurationSeconds, JobLabels labels, Boolean latencyProbe) {

    /** A request that leaves the loaded-latency probe at its default, on. */
    public JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
                      List<String> tags, Integer durationSeconds, String onFailure, List<PairRequest> pairs,
                      String order, Long seed, CoolDownRequest coolDownSeconds, List<String> probeDirections,
                      Integer maxDurationSeconds, JobLabels labels) {
        this(sut, peer, plan, scenarios, repeat, tags, durationSeconds, onFailure, pairs, order, seed,
                coolDownSeconds, probeDirections, maxDurationSeconds, labels, null);
    }

    /** Whether the job's throughput scenarios run the loaded-latency probe: unless the request turned it off. */
    public boolean runsLatencyProbe() {
        return !Boolean.FALSE.equals(latencyProbe);
    }

    /** A request of one pair in today's order, without a cool-down. */
    public JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
                      List<String> tags, Integer durationSeconds, String onFailure) {
        this(sut, peer, plan, scenarios, repeat, tags, durationSeconds, onFailure, null, null, null, null);
    }

    /** A request without the burst probe's settings ({@link BurstProbePlan}). */
    public JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
                      List<String> tags, Integer durationSeconds, String onFailure, List<PairRequest> pairs,
                      String order, Long seed, CoolDownRequest coolDownSeconds) {
        this(sut, peer, plan, scenarios, repeat, tags, durationSeconds, onFailure, pairs, order, seed,
                coolDownSeconds, null, null);
    }

    /** A request without labels. */
    public JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
                      List<String> tags, Integer durationSeconds, String onFailure, List<PairRequest> pairs,
                      String order, Long seed, CoolDownRequest coolDownSeconds, List<String> probeDirections,
                      Integer maxDurationSeconds) {
        this(sut, peer, plan, scenarios, repeat, tags, durationSeconds, onFailure, pairs, order, seed,
                coolDownSeconds, probeDirections, maxDurationSeconds, null);
    }

    /** @param messageBytes a request/response scenario's message size; its default when absent */
    public record ScenarioRequest(String protocol, String direction, Integer streams, Integer durationSeconds,
                                  Double intervalSeconds, Integer omitSeconds, Long targetBitsPerSecond,
                                  String tool, Integer messageBytes) {
        /** A throughput scenario's request. */
        public ScenarioRequest(String protocol, String direction, Integer streams, Integer durationSeconds,
                               Double intervalSeconds, Integer omitSeconds, Long targetBitsPerSecond, String tool) {
            this(protocol, direction, streams, durationSeconds, intervalSeconds, omitSeconds, targetBitsPerSecond,
                    tool, null);
        }

        /** The request that plans this scenario again (a job run again). */
        public static ScenarioRequest of(Scenario scenario) {
            return new ScenarioRequest(scenario.protocol().name(), scenario.direction().apiName(), scenario.streams(),
                    scenario.durationSeconds(), scenario.intervalSeconds(), scenario.omitSeconds(),
                    scenario.targetBitsPerSecond(), scenario.tool(), scenario.messageBytes());
        }
    }

    /** Two agents: the SUT runs the iperf3 client, the peer the server. */
    public record PairRequest(String sut, String peer) {
    }
}
