package com.burstline.server.job;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.OrderedScenario;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** How a scenario takes a result that arrives after it ended (from the agent's spool, after a restart or timeout). */
class LateResultTest {
    private static final Instant STARTED = Instant.parse("2026-12-01T10:00:00Z");
    private static final Instant LATE = Instant.parse("2026-12-01T10:05:00Z");

    @Test
    void aCompleteLateResultOfTheSameAttemptTurnsAFailedScenarioToSucceededWithANote() {
        JobScenario scenario = ended(ScenarioStatus.FAILED, "agent sut sent no result within 25 s");

        scenario.lateResult(1, true, 7, LATE);

        assertThat(scenario.status()).isEqualTo(ScenarioStatus.SUCCEEDED);
        assertThat(scenario.runId()).isEqualTo(7);
        assertThat(scenario.error()).isNull();
        assertThat(scenario.note()).isEqualTo("late: the result arrived at 2026-12-01T10:05:00Z from the agent's spool, "
                + "after the scenario had been marked failed (agent sut sent no result within 25 s)");
    }

    @Test
    void aCompleteLateResultReplacesThePartialRunKeptOfTheFailure() {
        JobScenario scenario = ended(ScenarioStatus.FAILED, "agent sut stopped sending heartbeats");
        scenario.linkLateRun(3); // the live samples' partial run

        scenario.lateResult(1, true, 8, LATE);

        assertThat(scenario.runId()).isEqualTo(8);
        assertThat(scenario.status()).isEqualTo(ScenarioStatus.SUCCEEDED);
    }

    @Test
    void aFailedLateResultOrOneOfAnotherAttemptOnlyLinksItsRun() {
        JobScenario failedAgain = ended(ScenarioStatus.FAILED, "the server restarted during the job");
        failedAgain.lateResult(1, false, 9, LATE);
        assertThat(failedAgain.status()).isEqualTo(ScenarioStatus.FAILED);
        assertThat(failedAgain.runId()).isEqualTo(9);
        assertThat(failedAgain.note()).isNull();

        JobScenario otherAttempt = ended(ScenarioStatus.FAILED, "timed out");
        otherAttempt.lateResult(2, true, 10, LATE);
        assertThat(otherAttempt.status()).isEqualTo(ScenarioStatus.FAILED);
    }

    @Test
    void aCancelledScenarioStaysCancelledAndKeepsTheRunItMeasured() {
        JobScenario scenario = ended(ScenarioStatus.CANCELLED, "cancelled");

        scenario.lateResult(1, true, 11, LATE);

        assertThat(scenario.status()).isEqualTo(ScenarioStatus.CANCELLED);
        assertThat(scenario.runId()).isEqualTo(11);
    }

    @Test
    void aScenarioRunAgainAfterAServerLossRefusesItsOldAttemptsNonce() {
        JobScenario scenario = new JobScenario(null, 0, new OrderedScenario(0, 1, 0,
                Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(10).build()));
        scenario.start(STARTED);
        scenario.dispatchedWith("old-nonce-sha256");

        scenario.rerun();

        assertThat(scenario.status()).isEqualTo(ScenarioStatus.QUEUED);
        assertThat(scenario.reruns()).isEqualTo(1);
        assertThat(scenario.dispatchedWithNonce("old-nonce-sha256")).as("the old attempt's result is refused")
                .isFalse();
        scenario.start(LATE);
        assertThat(scenario.attempt()).isEqualTo(2);
    }

    private static JobScenario ended(ScenarioStatus status, String reason) {
        JobScenario scenario = new JobScenario(null, 0, new OrderedScenario(0, 1, 0,
                Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(10).build()));
        scenario.start(STARTED);
        scenario.finish(status, null, reason, STARTED.plusSeconds(35));
        return scenario;
    }
}
