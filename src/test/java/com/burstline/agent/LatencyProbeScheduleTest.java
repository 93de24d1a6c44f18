package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** When the loaded-latency probe sends: a steady grid, and no burst after a stall. */
class LatencyProbeScheduleTest {
    private static final long MS = 1_000_000;

    @Test
    void fiftyASecondAreTwentyMillisecondsApart() {
        LatencyProbeSchedule schedule = new LatencyProbeSchedule(1_000 * MS, 50);

        assertThat(schedule.timeOf(0)).isEqualTo(1_000 * MS);
        assertThat(schedule.timeOf(50)).isEqualTo(2_000 * MS);
        assertThat(schedule.next(-1, 1_000 * MS)).isZero();
        assertThat(schedule.next(0, 1_001 * MS)).isEqualTo(1);
    }

    /** A sender a little late sends the slot it is late for: a late wake-up does not thin the rate. */
    @Test
    void aSenderLessThanASlotLateSendsTheNextSlot() {
        LatencyProbeSchedule schedule = new LatencyProbeSchedule(0, 50);

        assertThat(schedule.next(4, 5 * 20 * MS + 19 * MS)).isEqualTo(5);
    }

    /**
     * A stall of 100 ms (a JVM pause) loses the slots in it rather than sending them at once: sending them in a burst
     * would queue them behind each other and report delay the link never added.
     */
    @Test
    void aStalledSenderSkipsTheMissedSlotsInsteadOfBursting() {
        LatencyProbeSchedule schedule = new LatencyProbeSchedule(0, 50);
        List<Long> sent = new ArrayList<>();
        long slot = -1;
        long now = 0;
        for (int i = 0; i < 10; i++) {
            if (i == 3) {
                now += 100 * MS; // the stall
            }
            slot = schedule.next(slot, now);
            now = Math.max(now, schedule.timeOf(slot));
            sent.add(now / MS);
        }

        assertThat(sent).containsExactly(0L, 20L, 40L, 140L, 160L, 180L, 200L, 220L, 240L, 260L);
    }
}
