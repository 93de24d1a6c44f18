package com.burstline.server.job.planning;

import com.burstline.contract.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Expands a job's scenarios over its pairs and repetitions in the job's {@link RunOrder}. The randomized order is a
 * Fisher-Yates shuffle of each repetition driven by {@link Random}, whose sequence for a seed the JDK specifies, so
 * the same seed gives the same order on any server and after upgrades.
 */
public final class ScenarioOrder {
    private ScenarioOrder() {
    }

    public static List<OrderedScenario> of(RunOrder order, List<Scenario> scenarios, int pairs, int repeat,
                                    long seed) {
        return switch (order) {
            case SEQUENTIAL -> sequential(scenarios, pairs, repeat);
            case INTERLEAVED -> interleaved(scenarios, pairs, repeat);
            case RANDOMIZED -> randomized(scenarios, pairs, repeat, new Random(seed));
        };
    }

    private static List<OrderedScenario> sequential(List<Scenario> scenarios, int pairs, int repeat) {
        List<OrderedScenario> ordered = new ArrayList<>();
        for (int pair = 0; pair < pairs; pair++) {
            for (int repetition = 1; repetition <= repeat; repetition++) {
                for (int index = 0; index < scenarios.size(); index++) {
                    ordered.add(new OrderedScenario(pair, repetition, index, scenarios.get(index)));
                }
            }
        }
        return ordered;
    }

    private static List<OrderedScenario> interleaved(List<Scenario> scenarios, int pairs, int repeat) {
        List<OrderedScenario> ordered = new ArrayList<>();
        for (int repetition = 1; repetition <= repeat; repetition++) {
            ordered.addAll(repetition(scenarios, pairs, repetition));
        }
        return ordered;
    }

    private static List<OrderedScenario> randomized(List<Scenario> scenarios, int pairs, int repeat,
                                                    Random random) {
        List<OrderedScenario> ordered = new ArrayList<>();
        for (int repetition = 1; repetition <= repeat; repetition++) {
            List<OrderedScenario> one = repetition(scenarios, pairs, repetition);
            for (int i = one.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                one.set(j, one.set(i, one.get(j)));
            }
            ordered.addAll(one);
        }
        return ordered;
    }

    /** One repetition, interleaved: each scenario on every pair in turn. */
    private static List<OrderedScenario> repetition(List<Scenario> scenarios, int pairs, int repetition) {
        List<OrderedScenario> one = new ArrayList<>();
        for (int index = 0; index < scenarios.size(); index++) {
            for (int pair = 0; pair < pairs; pair++) {
                one.add(new OrderedScenario(pair, repetition, index, scenarios.get(index)));
            }
        }
        return one;
    }
}
