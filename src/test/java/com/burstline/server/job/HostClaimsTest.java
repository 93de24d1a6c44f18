package com.burstline.server.job;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class HostClaimsTest {

    @Test
    void jobsOnOtherHostsStartTogetherAndAJobOnABusyHostWaits() {
        var ab = queued(1, "a", "b");
        var cd = queued(2, "c", "d");
        var bc = queued(3, "b", "c");

        assertThat(HostClaims.startable(List.of(ab, cd, bc))).containsExactly(1L, 2L);
        assertThat(HostClaims.startable(List.of(running(1, "a", "b"), running(2, "c", "d"), bc))).isEmpty();
        assertThat(HostClaims.startable(List.of(running(2, "c", "d"), bc))).as("c is still busy").isEmpty();
        assertThat(HostClaims.startable(List.of(bc))).containsExactly(3L);
    }

    @Test
    void aYoungerJobDoesNotOvertakeAnOlderOneWaitingForTheSameHost() {
        var waiting = queued(2, "b", "c");
        var younger = queued(3, "c", "d");

        assertThat(HostClaims.startable(List.of(running(1, "a", "b"), waiting, younger))).isEmpty();
        assertThat(HostClaims.startable(List.of(waiting, younger))).containsExactly(2L);
    }

    @Test
    void aClaimedJobIsNotStartedTwice() {
        assertThat(HostClaims.startable(List.of(queued(1, "a", "b")))).containsExactly(1L);
        assertThat(HostClaims.startable(List.of(running(1, "a", "b")))).isEmpty();
    }

    @Test
    void aJobAnotherServerRunsHoldsItsHostsEvenWhenItIsYounger() {
        assertThat(HostClaims.startable(List.of(queued(1, "a", "b"), running(2, "b", "c")))).isEmpty();
    }

    /** Claimable: no server holds a live lease on it. */
    private static HostClaims.Candidate queued(long id, String... hosts) {
        return new HostClaims.Candidate(id, Set.of(hosts), true);
    }

    /** Leased by a server (this one or another), or being claimed by another. */
    private static HostClaims.Candidate running(long id, String... hosts) {
        return new HostClaims.Candidate(id, Set.of(hosts), false);
    }
}
