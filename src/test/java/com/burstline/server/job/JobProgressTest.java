package com.burstline.server.job;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.JobLabels;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job page's estimate of the time left, as the API gives it: measuring time plus the cool-downs still ahead,
 * planned the way the job is planned (a host rests coolDownSeconds after its last scenario).
 */
class JobProgressTest {
    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final Scenario TEN_SECONDS = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(10).build();

    private static Instant at(double seconds) {
        return T0.plusMillis(Math.round(seconds * 1000));
    }

    private static ScenarioView scenario(long id, ScenarioStatus status, Instant started, Instant finished,
                                         String sut, String peer) {
        return new ScenarioView(id, (int) id - 1, 1, TEN_SECONDS, status, 1, null, null, started, finished, null, 0,
                sut, peer, (int) id - 1, null, null);
    }

    private static ScenarioView scenario(long id, ScenarioStatus status, Instant started, Instant finished) {
        return scenario(id, status, started, finished, "a", "b");
    }

    private static JobView job(int coolDownSeconds, JobView.CoolingDown cooling, ScenarioView... scenarios) {
        return new JobView(1, JobStatus.RUNNING, "a", "b", null, 1, null, "continue", List.of(), T0, T0, null, null,
                List.of(scenarios), List.of(new JobView.PairView("a", "b")), "sequential", null, coolDownSeconds,
                cooling, null, null, JobLabels.none());
    }

    @Test
    void withoutCoolDownsItIsTheMeasuringTimeStillAhead() {
        JobView job = job(0, null, scenario(1, ScenarioStatus.SUCCEEDED, at(0), at(10)),
                scenario(2, ScenarioStatus.RUNNING, at(10), null), scenario(3, ScenarioStatus.QUEUED, null, null));

        JobProgress progress = JobProgress.of(job, at(14));

        assertThat(progress.secondsLeft()).isEqualTo(16);
        assertThat(progress.text()).isEqualTo("1 of 3 scenarios done · about 16 s left");
    }

    @Test
    void eachScenarioStillAheadOnTheSameHostsWaitsForTheirCoolDown() {
        JobView job = job(60, null, scenario(1, ScenarioStatus.SUCCEEDED, at(0), at(10)),
                scenario(2, ScenarioStatus.RUNNING, at(70), null), scenario(3, ScenarioStatus.QUEUED, null, null));

        JobProgress progress = JobProgress.of(job, at(75));

        assertThat(progress.secondsLeft()).isEqualTo(5 + 60 + 10);
        assertThat(progress.text()).isEqualTo("1 of 3 scenarios done · about 1 min 15 s left, cool-downs included");
    }

    @Test
    void aCoolDownInProgressCountsUntilItsEnd() {
        JobView job = job(60, new JobView.CoolingDown(2, at(70), 60),
                scenario(1, ScenarioStatus.SUCCEEDED, at(0), at(10)), scenario(2, ScenarioStatus.QUEUED, null, null));

        assertThat(JobProgress.of(job, at(30)).secondsLeft()).isEqualTo(40 + 10);
    }

    @Test
    void aPairOnOtherHostsInBetweenShortensTheWaitAsTheJobIsPlanned() {
        JobView job = job(15, null, scenario(1, ScenarioStatus.RUNNING, at(0), null),
                scenario(2, ScenarioStatus.QUEUED, null, null, "c", "d"), scenario(3, ScenarioStatus.QUEUED, null, null));

        // 1 ends at 10; 2 (other hosts) runs 10–20; 3 may start at 10 + 15 = 25 and ends at 35.
        assertThat(JobProgress.of(job, T0).secondsLeft()).isEqualTo(35);
    }

    @Test
    void aScenarioThatOverranItsTimeEndsNoEarlierThanNow() {
        JobView job = job(0, null, scenario(1, ScenarioStatus.RUNNING, at(0), null));

        assertThat(JobProgress.of(job, at(25)).secondsLeft()).isZero();
    }
}
