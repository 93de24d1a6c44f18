package com.burstline.server.trend;

import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Samples;
import com.burstline.server.run.RunPoint;
import org.junit.jupiter.api.Test;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.server.run.Limits;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Steady" only when no change point is found and every run lies within {@link Trends#MAX_STEADY_DEVIATION_PERCENT}
 * of the median (issue 29: Trends called 0.9–4.8 Gbit/s steady). The rates are the received rates of real lab runs
 * (src/test/resources/iperf3/README.md).
 */
class TrendSteadinessTest {
    private static final Iperf3OutputParser PARSER = new Iperf3OutputParser();
    private final Trends trends = new Trends(null, ids -> java.util.Map.of());

    @Test
    void runsThatVaryWidelyWithoutOneChangePointAreNotSteady() {
        double slow = rate("iperf3-312-tcp-1-upload-1g-server-lab.json");
        double fast = rate("iperf3-312-tcp-1-upload-server-lab.json");
        double shaped = rate("iperf3-312-tcp-1-download-4g-server-lab.json");

        TrendResult trend = trends.analyse(points(slow, fast, shaped, fast, slow, fast, shaped, slow, fast), false);

        assertThat(trend.changePoints()).isEmpty();
        assertThat(trend.spread().steady()).isFalse();
        assertThat(trend.spread().summary()).startsWith("No single change point; the runs vary widely (1.00–4.78 "
                + "Gbit/s, from 74% below to 25% above their median of 3.82 Gbit/s, where a steady series stays "
                + "within 10%)");
        assertThat(trend.method().maxSteadyDeviationPercent()).isEqualTo(10);
    }

    @Test
    void runsWithinTheBoundWithoutAChangePointAreSteady() {
        double fast = rate("iperf3-312-tcp-1-upload-server-lab.json");
        double ceiling = rate("iperf3-312-tcp-2-upload-ceiling-server-lab.json");
        double retransmitting = rate("iperf3-312-tcp-1-upload-4950m-server-lab.json");

        TrendResult trend = trends.analyse(points(fast, ceiling, retransmitting, fast, ceiling, retransmitting,
                fast, ceiling), false);

        assertThat(trend.changePoints()).isEmpty();
        assertThat(trend.spread().steady()).isTrue();
        assertThat(trend.spread().summary()).isEqualTo("No change point: the series is steady.");
    }

    @Test
    void aSeriesWithAChangePointIsNeitherAndLeavesTheWordsToItsChanges() {
        double fast = rate("iperf3-312-tcp-1-upload-server-lab.json");
        double ceiling = rate("iperf3-312-tcp-2-upload-ceiling-server-lab.json");
        double slow = rate("iperf3-312-tcp-1-upload-1g-server-lab.json");

        TrendResult trend = trends.analyse(points(fast, ceiling, fast, ceiling, fast, ceiling, fast, ceiling,
                slow, slow, slow, slow, slow, slow, slow, slow), false);

        assertThat(trend.changePoints()).hasSize(1);
        assertThat(trend.spread().steady()).isFalse();
        assertThat(trend.spread().summary()).isNull();
    }

    private static double rate(String sample) {
        return PARSER.parse(Samples.bytes(sample)).measured().receivedBitsPerSecond();
    }

    private static List<RunPoint> points(double... rates) {
        List<RunPoint> points = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) {
            points.add(new RunPoint(i + 1, Instant.parse("2026-12-01T00:00:00Z").plusSeconds(3600L * i), null,
                    "lab-a", "lab-b", "ENA 2.11.0", null, Scenario.of(Protocol.TCP, Direction.UPLOAD)
                            .durationSeconds(10).build(), rates[i], new Limits(5e9, 0.512e9)));
        }
        return points;
    }
}
