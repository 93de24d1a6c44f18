package com.burstline.server.job;

import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.Pair;
import com.burstline.server.job.planning.PlannedJob;
import com.burstline.server.job.planning.RunOrder;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a result that arrives settles the scenario in flight of a server that went away: only between that server
 * going and a server resuming the job, never while a live server holds it (its own or another replica's result).
 */
class JobBetweenServersTest {
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");
    /** When the attempt in flight began. */
    private static final Instant STARTED = NOW.minusSeconds(60);

    private final Job job = new Job(new PlannedJob(List.of(new Pair("sut", "peer")), RunOrder.SEQUENTIAL, null, 0,
            null, "custom", 1, List.of(), null, false, List.of(), new JobLabels(null, null, List.of())), NOW);

    @Test
    void aJobRunningOnItsServerIsNotBetweenServers() {
        job.lease("a", "boot-1", NOW.plusSeconds(30));

        assertThat(job.betweenServers(STARTED, "a", "boot-1", NOW)).isFalse();
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).as("a result another replica took in")
                .isFalse();
    }

    @Test
    void anEarlierBootOfThisServerIsGoneEvenBeforeItsLeaseRunsOut() {
        job.lease("a", "boot-1", NOW.plusSeconds(30));

        assertThat(job.betweenServers(STARTED, "a", "boot-2", NOW)).isTrue();
    }

    @Test
    void aLeaseThatRanOutOrWasGivenBackLeavesTheJobBetweenServers() {
        job.lease("a", "boot-1", NOW.minusSeconds(1));
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).isTrue();

        job.lease("a", "boot-1", NOW.plusSeconds(30));
        job.releaseLease();
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).isTrue();
    }

    @Test
    void fromARestartOrTakeOverUntilTheResumeTheJobIsBetweenServers() {
        job.lease("b", "boot-9", NOW.plusSeconds(30));
        job.record(NOW, JobHistoryKind.TAKEN_OVER, "b", "a", NOW.minusSeconds(20), null, null);
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).isTrue();

        job.record(NOW, JobHistoryKind.RESUMED, "b", null, null, 2, null);
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).as("the resume settles what comes after it")
                .isFalse();

        job.record(NOW, JobHistoryKind.SETTLED, "b", null, null, 2, 1);
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).as("entries about scenarios change nothing")
                .isFalse();

        job.record(NOW, JobHistoryKind.RESTARTED, "b", null, NOW.minusSeconds(5), null, null);
        assertThat(job.betweenServers(STARTED, "b", "boot-9", NOW)).isTrue();
    }

    /** A job only queued at a restart is never resumed: what it starts after the restart is its own server's. */
    @Test
    void anAttemptStartedAfterTheRestartIsNotBetweenServers() {
        job.record(NOW, JobHistoryKind.RESTARTED, "a", null, NOW.minusSeconds(20), null, null);
        job.lease("a", "boot-2", NOW.plusSeconds(30));

        assertThat(job.betweenServers(NOW.plusSeconds(1), "a", "boot-2", NOW.plusSeconds(5))).isFalse();
    }
}
