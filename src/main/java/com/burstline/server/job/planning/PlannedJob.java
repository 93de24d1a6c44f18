package com.burstline.server.job.planning;

import com.burstline.contract.Scenario;
import java.util.List;

/**
 * A checked job request: its pairs, the scenarios in order before repeats and pairs are expanded, and the design
 * that expands them ({@link #ordered()}). {@code seed} is set for a randomized order only; {@code autoCoolDown} for
 * a cool-down "auto" only, and then {@code coolDownSeconds} is its estimate. {@code labels} carry the job's tags.
 * {@code latencyProbe}: its throughput scenarios run the loaded-latency probe beside them.
 */
public record PlannedJob(List<Pair> pairs, RunOrder order, Long seed, int coolDownSeconds, AutoCoolDown.Estimate autoCoolDown,
                  String plan, int repeat,
                  List<String> tags, Integer durationSeconds, boolean stopOnFailure,
                  List<Scenario> scenarios, JobLabels labels, boolean latencyProbe) {

    /** A plan with the loaded-latency probe on. */
    public PlannedJob(List<Pair> pairs, RunOrder order, Long seed, int coolDownSeconds,
                      AutoCoolDown.Estimate autoCoolDown, String plan, int repeat, List<String> tags,
                      Integer durationSeconds, boolean stopOnFailure, List<Scenario> scenarios, JobLabels labels) {
        this(pairs, order, seed, coolDownSeconds, autoCoolDown, plan, repeat, tags, durationSeconds, stopOnFailure,
                scenarios, labels, true);
    }

    /** Every scenario the job runs, on which pair, in the order it runs them. */
    public List<OrderedScenario> ordered() {
        return ScenarioOrder.of(order, scenarios, pairs.size(), repeat, seed == null ? 0 : seed);
    }
}
