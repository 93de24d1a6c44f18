package com.burstline.server.job.planning;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.contract.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScenarioOrderTest {
    private static final Scenario UP = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(2).build();
    private static final Scenario DOWN = Scenario.of(Protocol.TCP, Direction.DOWNLOAD).streams(4).durationSeconds(2)
            .build();

    @Test
    void sequentialRunsEachPairInTurnRepetitionAfterRepetition() {
        assertThat(labels(ScenarioOrder.of(RunOrder.SEQUENTIAL, List.of(UP, DOWN), 2, 2, 0))).containsExactly(
                "A1up", "A1down", "A2up", "A2down", "B1up", "B1down", "B2up", "B2down");
    }

    @Test
    void interleavedRunsEveryPairInTurnPerScenarioAndRepetition() {
        assertThat(labels(ScenarioOrder.of(RunOrder.INTERLEAVED, List.of(UP, DOWN), 2, 2, 0))).containsExactly(
                "A1up", "B1up", "A1down", "B1down", "A2up", "B2up", "A2down", "B2down");
    }

    @Test
    void oneSequentialPairIsTheOrderJobsAlwaysHad() {
        assertThat(labels(ScenarioOrder.of(RunOrder.SEQUENTIAL, List.of(UP, DOWN), 1, 2, 0)))
                .isEqualTo(labels(ScenarioOrder.of(RunOrder.INTERLEAVED, List.of(UP, DOWN), 1, 2, 0)))
                .containsExactly("A1up", "A1down", "A2up", "A2down");
    }

    @Test
    void theSameSeedGivesTheSameOrderAndEachRepetitionIsAShuffleOfItsOwnScenarios() {
        List<Scenario> six = List.of(UP, DOWN, UP.withDuration(3), DOWN.withDuration(3), UP.withDuration(4),
                DOWN.withDuration(4));
        List<String> first = labels(ScenarioOrder.of(RunOrder.RANDOMIZED, six, 2, 5, 42));

        assertThat(labels(ScenarioOrder.of(RunOrder.RANDOMIZED, six, 2, 5, 42))).isEqualTo(first);
        assertThat(labels(ScenarioOrder.of(RunOrder.RANDOMIZED, six, 2, 5, 43))).isNotEqualTo(first);
        List<String> interleaved = labels(ScenarioOrder.of(RunOrder.INTERLEAVED, six, 2, 5, 42));
        assertThat(first).isNotEqualTo(interleaved);
        for (int repetition = 0; repetition < 5; repetition++) {
            List<String> shuffled = first.subList(repetition * 12, repetition * 12 + 12);
            char number = (char) ('1' + repetition);
            assertThat(shuffled).allMatch(label -> label.charAt(1) == number)
                    .containsExactlyInAnyOrderElementsOf(interleaved.subList(repetition * 12, repetition * 12 + 12));
        }
        assertThat(first.subList(0, 12)).as("each repetition is drawn anew").isNotEqualTo(
                first.subList(12, 24).stream().map(label -> label.charAt(0) + "1" + label.substring(2)).toList());
    }

    /**
     * The order of a seed must not change between versions. new Random(7) draws nextInt(4) = 2, nextInt(3) = 2,
     * nextInt(2) = 1 (the JDK specifies the generator), so Fisher-Yates over [A up, B up, A down, B down] swaps the
     * last two and keeps the rest.
     */
    @Test
    void aSeedsOrderIsStableAcrossVersions() {
        assertThat(labels(ScenarioOrder.of(RunOrder.RANDOMIZED, List.of(UP, DOWN), 2, 1, 7)))
                .containsExactly("A1up", "B1up", "B1down", "A1down");
    }

    @Test
    void plannedTimeCountsCoolDownsOnlyWhereAHostRunsAgain() {
        List<Pair> pairs = List.of(new Pair("a", "b"), new Pair("c", "d"));
        List<OrderedScenario> interleaved = ScenarioOrder.of(RunOrder.INTERLEAVED, List.of(UP), 2, 2, 0);
        List<OrderedScenario> sequential = ScenarioOrder.of(RunOrder.SEQUENTIAL, List.of(UP), 2, 2, 0);

        // A1 0–2, B1 2–4, A2 waits for a,b until 2 + 10 = 12, runs to 14; B2 waits until 14, runs to 16
        assertThat(PlannedTime.seconds(interleaved, pairs, 10)).isEqualTo(16);
        // A1 0–2, A2 12–14, B1 14–16, B2 26–28
        assertThat(PlannedTime.seconds(sequential, pairs, 10)).isEqualTo(28);
        assertThat(PlannedTime.seconds(sequential, pairs, 0)).isEqualTo(8);
        assertThat(PlannedTime.seconds(interleaved, List.of(new Pair("a", "b"), new Pair("a", "d")), 10))
                .as("pairs sharing the SUT rest it too").isEqualTo(2 + 12 + 12 + 12);
    }

    private static List<String> labels(List<OrderedScenario> ordered) {
        return ordered.stream().map(s -> (char) ('A' + s.pair()) + String.valueOf(s.repetition())
                + s.scenario().direction().apiName().replace("load", "")
                + (s.scenario().durationSeconds() == 2 ? "" : s.scenario().durationSeconds())).toList();
    }
}
