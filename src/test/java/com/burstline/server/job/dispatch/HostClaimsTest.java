package com.burstline.server.job.dispatch;

import com.burstline.server.job.JobStore;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class HostClaimsTest {
    private final HostClaims claims = new HostClaims();

    @Test
    void jobsOnOtherHostsStartTogetherAndAJobOnABusyHostWaits() {
        var ab = job(1, "a", "b");
        var cd = job(2, "c", "d");
        var bc = job(3, "b", "c");

        assertThat(claims.claimStartable(List.of(ab, cd, bc))).containsExactly(ab, cd);
        assertThat(claims.claimStartable(List.of(bc))).isEmpty();
        claims.release(1);
        assertThat(claims.claimStartable(List.of(bc))).as("c is still busy").isEmpty();
        claims.release(2);
        assertThat(claims.claimStartable(List.of(bc))).containsExactly(bc);
    }

    @Test
    void aYoungerJobDoesNotOvertakeAnOlderOneWaitingForTheSameHost() {
        claims.claimStartable(List.of(job(1, "a", "b")));
        var waiting = job(2, "b", "c");
        var younger = job(3, "c", "d");

        assertThat(claims.claimStartable(List.of(waiting, younger))).isEmpty();
        claims.release(1);
        assertThat(claims.claimStartable(List.of(waiting, younger))).containsExactly(waiting);
    }

    @Test
    void aClaimedJobIsNotStartedTwice() {
        var ab = job(1, "a", "b");
        assertThat(claims.claimStartable(List.of(ab))).containsExactly(ab);
        assertThat(claims.claimStartable(List.of(ab))).isEmpty();
    }

    private static JobStore.QueuedJob job(long id, String... hosts) {
        return new JobStore.QueuedJob(id, Set.of(hosts));
    }
}
