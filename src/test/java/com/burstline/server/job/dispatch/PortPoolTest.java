package com.burstline.server.job.dispatch;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Which port a scenario is given: free ones first, a port given back a moment ago only when nothing else is free. */
class PortPoolTest {
    private final AtomicLong nanos = new AtomicLong();
    private final PortPool pool = new PortPool(5201, 3, nanos::get);

    @Test
    void eachScenarioPrefersThePortItsIdGivesAndRunningOnesNeverShare() {
        assertThat(pool.take(4)).isEqualTo(5202);
        assertThat(pool.take(7)).as("5202 runs").isEqualTo(5203);
        assertThat(pool.latencyProbePort(5203)).isEqualTo(5206);
    }

    @Test
    void aPortGivenBackAMomentAgoIsPassedOverWhileAnotherIsFree() {
        int first = pool.take(1);
        pool.release(first);
        nanos.addAndGet(PortPool.RESTING_NANOS - 1);

        assertThat(pool.take(1)).as("the probe may still answer on %d's probe port", first).isNotEqualTo(first);
    }

    @Test
    void aRestedPortIsTheFirstChoiceAgain() {
        int first = pool.take(1);
        pool.release(first);
        nanos.addAndGet(PortPool.RESTING_NANOS);

        assertThat(pool.take(1)).isEqualTo(first);
    }

    @Test
    void whenEveryFreePortRestsOneOfThemIsGivenRatherThanAPortInUse() {
        int a = pool.take(0);
        int b = pool.take(1);
        int running = pool.take(2);
        pool.release(a);
        pool.release(b);

        int given = pool.take(2);

        assertThat(given).isIn(a, b).isNotEqualTo(running);
    }

    @Test
    void aLeaseMovesOnToAPortItHasNotHadAndGivesTheOldOneBack() {
        PortPool.Lease lease = pool.lease(0);
        assertThat(lease.port()).isEqualTo(5201);

        assertThat(lease.moveOn()).isTrue();
        int second = lease.port();
        assertThat(second).isNotEqualTo(5201);
        assertThat(lease.moveOn()).isTrue();
        assertThat(lease.port()).isNotIn(5201, second);
        assertThat(pool.take(7)).as("only the lease's last port is held").isNotEqualTo(lease.port());
    }

    @Test
    void aLeaseThatHadEveryPortKeepsItsLastOne() {
        PortPool.Lease lease = pool.lease(0);
        lease.moveOn();
        lease.moveOn();
        int last = lease.port();

        assertThat(lease.moveOn()).isFalse();
        assertThat(lease.port()).isEqualTo(last);
    }

    @Test
    void aLeaseMovesOnEvenToAPortAnotherScenarioRunsOnRatherThanGiveUp() {
        int running = pool.take(1);
        PortPool.Lease lease = pool.lease(0);
        lease.moveOn();
        lease.moveOn();

        assertThat(lease.port()).as("the peer of this scenario may be another host").isEqualTo(running);
    }

    @Test
    void aClosedLeaseGivesItsPortBack() {
        PortPool.Lease lease = pool.lease(0);
        int held = lease.port();
        lease.close();
        nanos.addAndGet(PortPool.RESTING_NANOS);

        assertThat(pool.take(0)).isEqualTo(held);
    }

    @Test
    void theRangeIsSaidAsPeopleSetIt() {
        assertThat(pool.range()).isEqualTo("5201–5203");
        assertThat(new PortPool(5201, 1).range()).isEqualTo("5201");
    }
}
