package com.burstline.server.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Change points on real per-interval data (the lab run whose shaper went from 5 Gbit/s to 500 Mbit/s at 6 s). */
class ChangePointsTest {

    @Test
    void changePointsSplitTheRealStepOnceAndLeaveSteadyRunsWhole() {
        double[] step = series("iperf3-312-tcp-1-upload-burst-step-server-lab.json").bitsPerSecond();
        List<ChangePoints.Segment> segments = ChangePoints.segments(step);

        assertThat(segments).hasSize(2);
        assertThat(segments.get(1).from()).isEqualTo(6);
        assertThat(segments.get(0).mean()).isGreaterThan(4.7e9);
        assertThat(segments.get(1).mean()).isLessThan(0.5e9);

        for (String steady : List.of("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-download.json",
                "iperf3-312-tcp-1-upload-server-lab.json", "iperf3-312-tcp-4-upload.json")) {
            assertThat(ChangePoints.segments(series(steady).bitsPerSecond())).as(steady).hasSize(1);
        }
    }

    @Test
    void changePointsNoiseComesFromNeighbourDifferencesSoTheStepDoesNotHideItself() {
        double[] step = series("iperf3-312-tcp-1-upload-burst-step-server-lab.json").bitsPerSecond();

        // one neighbour difference is the 4.3 Gbit/s step; the median of them is the ~10 Mbit/s jitter
        assertThat(ChangePoints.noise(step)).isLessThan(0.05e9);
    }

    private static Series series(String sample) {
        return Series.of(TestRuns.of(sample).build().scenario(), IntervalSides.received(TestRuns.sums(sample)));
    }
}
