package com.burstline.agent;

import com.burstline.contract.LatencySample;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The probe's intervals: the idle window cut at the tool's start, the omitted start cut at its end. */
class LatencyProbeTimelineTest {

    @Test
    void anIdleWindowShorterThanAnIntervalIsOneIntervalBeforeTheStart() {
        LatencyProbeTimeline timeline = new LatencyProbeTimeline(3, 5, 0);

        assertThat(timeline.indexOf(-2.9)).isZero();
        assertThat(timeline.startOf(0)).isEqualTo(-3);
        assertThat(timeline.endOf(0)).isZero();
        assertThat(timeline.phaseOf(0)).isEqualTo(LatencySample.IDLE);
        assertThat(timeline.indexOf(0)).isEqualTo(1);
        assertThat(timeline.startOf(1)).isZero();
        assertThat(timeline.endOf(1)).isEqualTo(5);
        assertThat(timeline.phaseOf(1)).isEqualTo(LatencySample.LOADED);
        assertThat(timeline.indexOf(12.5)).isEqualTo(3);
        assertThat(timeline.startOf(3)).isEqualTo(10);
    }

    @Test
    void theOmittedStartHasIntervalsOfItsOwnAndTheLoadedOnesCountFromItsEnd() {
        LatencyProbeTimeline timeline = new LatencyProbeTimeline(3, 1, 1.5);

        assertThat(timeline.idleIntervals()).isEqualTo(3);
        assertThat(timeline.indexOf(-1)).isEqualTo(2);
        assertThat(timeline.phaseOf(timeline.indexOf(0.2))).isEqualTo(LatencySample.OMITTED);
        int secondOmitted = timeline.indexOf(1.2);
        assertThat(timeline.phaseOf(secondOmitted)).isEqualTo(LatencySample.OMITTED);
        assertThat(timeline.endOf(secondOmitted)).isEqualTo(1.5);
        int firstLoaded = timeline.indexOf(1.5);
        assertThat(timeline.phaseOf(firstLoaded)).isEqualTo(LatencySample.LOADED);
        assertThat(timeline.startOf(firstLoaded)).isEqualTo(1.5);
        assertThat(timeline.endOf(firstLoaded)).isEqualTo(2.5);
    }
}
