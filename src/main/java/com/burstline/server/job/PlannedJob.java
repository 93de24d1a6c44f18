package com.burstline.server.job;

import java.util.List;

/**
 * A checked job request: its pairs, the scenarios in order before repeats and pairs are expanded, and the design
 * that expands them ({@link #ordered()}). {@code seed} is set for a randomized order only.
 */
record PlannedJob(List<Pair> pairs, RunOrder order, Long seed, int coolDownSeconds, String plan, int repeat,
                  List<String> tags, Integer durationSeconds, boolean stopOnFailure,
                  List<PlannedScenario> scenarios) {

    /** Every scenario the job runs, on which pair, in the order it runs them. */
    List<OrderedScenario> ordered() {
        return ScenarioOrder.of(order, scenarios, pairs.size(), repeat, seed == null ? 0 : seed);
    }
}
