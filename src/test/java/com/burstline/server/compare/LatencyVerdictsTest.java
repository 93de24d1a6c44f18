package com.burstline.server.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Latency is lower-is-better: the same statistics and rules as throughput, the words turned. */
class LatencyVerdictsTest {
    private final Verdicts verdicts = new Verdicts(1);

    @Test
    void aHigherP99IsWorseAndALowerOneBetter() {
        // a driver update that doubled the round trip: 45 µs to about 100 µs (amzn-drivers #301), three runs each
        Statistics.Difference doubled = Statistics.compare(new double[] {0.045, 0.046, 0.044},
                new double[] {0.101, 0.098, 0.100});
        Verdicts.Verdict worse = verdicts.verdict(sides(), doubled, "1-flow UDP_RR (p99 round trip)",
                Verdicts.Wording.LATENCY);

        assertThat(worse.kind()).isEqualTo(Verdicts.Kind.SIGNIFICANT);
        assertThat(worse.text()).startsWith("driver 2.9 is 121.5% higher (worse) than driver 2.8 on 1-flow UDP_RR");

        Statistics.Difference halved = Statistics.compare(new double[] {0.101, 0.098, 0.100},
                new double[] {0.045, 0.046, 0.044});
        assertThat(verdicts.verdict(sides(), halved, "1-flow UDP_RR (p99 round trip)", Verdicts.Wording.LATENCY)
                .text()).contains("lower (better) than");
        // throughput's words stay as they were
        assertThat(verdicts.verdict(sides(), doubled, "1-stream upload").text()).contains("faster than");
    }

    @Test
    void atTheBurstLimitTheCapDecidesLatencyToo() {
        Statistics.Difference difference = Statistics.compare(new double[] {60, 62, 61}, new double[] {80, 79, 81});
        Verdicts.Verdict verdict = verdicts.verdict(new Verdicts.Sides("driver 2.8", "driver 2.9", 3, 3, 95.0, 96.0),
                difference, "4-stream upload (p99 round trip)", Verdicts.Wording.LATENCY);

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.CAP_LIMITS_BOTH);
        assertThat(verdict.text()).contains("higher (worse)");
    }

    private static Verdicts.Sides sides() {
        return new Verdicts.Sides("driver 2.8", "driver 2.9", 3, 3, null, null);
    }
}
