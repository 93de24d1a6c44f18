package com.burstline.server.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** burst-exhausted on real per-interval data (the lab run whose shaper went from 5 Gbit/s to 500 Mbit/s at 6 s). */
class BurstRuleTest {

    @Test
    void firesAtTheStepFromTheBurstToTheBaseline() {
        RealRun run = RealRun.of("iperf3-312-tcp-1-upload-burst-step-server-lab.json", 1, 5e9, 0.5e9);

        Finding finding = BurstRule.of(run.summary(), run.figures()).orElseThrow();

        assertThat((double) finding.data().get("atSeconds")).isCloseTo(6.0, within(1.0));
        assertThat((double) finding.data().get("beforeBitsPerSecond")).isBetween(4.7e9, 4.9e9);
        assertThat((double) finding.data().get("afterBitsPerSecond")).isBetween(0.45e9, 0.5e9);
        assertThat(finding.message()).contains("stepped down at", "burst allowance ran out", "let credits refill");
    }

    @Test
    void doesNotFireWhenTheLevelBeforeTheStepIsFarBelowTheBurst() {
        // the same step with a 20 Gbit/s burst limit: 4.78 Gbit/s is under half of it, not a burst
        RealRun run = RealRun.of("iperf3-312-tcp-1-upload-burst-step-server-lab.json", 1, 20e9, 0.5e9);

        assertThat(BurstRule.of(run.summary(), run.figures())).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"iperf3-312-tcp-1-upload.json", "iperf3-318-tcp-4-download.json",
            // drifts from 4.46 to 4.31 Gbit/s: change points may split it, but no step to half
            "iperf3-318-tcp-1-upload.json",
            "iperf3-312-tcp-1-upload-server-lab.json",
            // fell from 0.99 to 0.64 Gbit/s: a drop of 35%, not to half
            "iperf3-312-udp-1g-download-server-lab.json",
            "iperf3-312-tcp-4-upload-long-loopback.json"})
    void doesNotFireOnRunsWithoutAStepToHalf(String sample) {
        RealRun run = RealRun.of(sample, 1);

        assertThat(BurstRule.of(run.summary(), run.figures())).isEmpty();
    }

    @Test
    void changePointsSplitTheRealStepOnceAndLeaveSteadyRunsWhole() {
        double[] step = RealRun.of("iperf3-312-tcp-1-upload-burst-step-server-lab.json", 1).series()
                .bitsPerSecond();
        List<ChangePoints.Segment> segments = ChangePoints.segments(step);

        assertThat(segments).hasSize(2);
        assertThat(segments.get(1).from()).isEqualTo(6);
        assertThat(segments.get(0).mean()).isGreaterThan(4.7e9);
        assertThat(segments.get(1).mean()).isLessThan(0.5e9);

        for (String steady : List.of("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-download.json",
                "iperf3-312-tcp-1-upload-server-lab.json", "iperf3-312-tcp-4-upload.json")) {
            assertThat(ChangePoints.segments(RealRun.of(steady, 1).series().bitsPerSecond())).as(steady).hasSize(1);
        }
    }

    @Test
    void changePointsNoiseComesFromNeighbourDifferencesSoTheStepDoesNotHideItself() {
        double[] step = RealRun.of("iperf3-312-tcp-1-upload-burst-step-server-lab.json", 1).series()
                .bitsPerSecond();

        // one neighbour difference is the 4.3 Gbit/s step; the median of them is the ~10 Mbit/s jitter
        assertThat(ChangePoints.noise(step)).isLessThan(0.05e9);
    }
}
