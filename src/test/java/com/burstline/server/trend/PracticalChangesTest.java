package com.burstline.server.trend;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.DoubleStream;

import static com.burstline.server.trend.EDivisiveTest.series;
import static org.assertj.core.api.Assertions.assertThat;

/** Only steps of a practical size are reported; real series from the real runs' interval sums (see EDivisiveTest). */
class PracticalChangesTest {
    private static final EDivisive METHOD = new EDivisive(Trends.MIN_SEGMENT_RUNS, Trends.PERMUTATIONS,
            Trends.SIGNIFICANCE, Trends.SEED);

    @Test
    void aOnePercentShiftOfARealSteadySeriesIsNotReported() {
        double[] steady = series("iperf3-312-tcp-1-download.json", "iperf3-312-tcp-1-upload.json",
                "iperf3-312-tcp-4-download.json", "iperf3-312-tcp-4-upload.json");
        double[] values = DoubleStream.concat(DoubleStream.of(steady), DoubleStream.of(steady).map(v -> v * 1.01))
                .toArray();

        List<EDivisive.ChangePoint> atTheShift = List.of(new EDivisive.ChangePoint(steady.length, 0.002));
        assertThat(PracticalChanges.keep(values, atTheShift, Trends.MIN_CHANGE_PERCENT)).isEmpty();
        assertThat(PracticalChanges.keep(values, METHOD.changePoints(values), Trends.MIN_CHANGE_PERCENT)).isEmpty();
    }

    @Test
    void realStepsFromTheBurstRateAreKept() {
        double[] values = series("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-download.json",
                "iperf3-318-tcp-1-upload.json", "iperf3-318-tcp-1-upload-stream.json", "iperf3-318-tcp-1-download.json",
                "iperf3-318-udp-1g-upload.json", "iperf3-318-udp-1g-upload-stream.json");

        List<EDivisive.ChangePoint> found = METHOD.changePoints(values);

        assertThat(found).extracting(EDivisive.ChangePoint::index).containsExactly(10, 25);
        assertThat(PracticalChanges.keep(values, found, Trends.MIN_CHANGE_PERCENT)).isEqualTo(found);
    }

    @Test
    void aSmallStepGoesAndTheLargeOneIsMeasuredWithoutIt() {
        double[] fast = series("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-upload.json");
        double[] slow = series("iperf3-318-udp-1g-upload.json", "iperf3-318-udp-1g-upload-stream.json");
        double[] values = DoubleStream.concat(DoubleStream.concat(DoubleStream.of(fast),
                DoubleStream.of(fast).map(v -> v * 1.01)), DoubleStream.of(slow)).toArray();
        List<EDivisive.ChangePoint> found = List.of(new EDivisive.ChangePoint(fast.length, 0.004),
                new EDivisive.ChangePoint(2 * fast.length, 0.002));

        List<EDivisive.ChangePoint> kept = PracticalChanges.keep(values, found, Trends.MIN_CHANGE_PERCENT);

        assertThat(kept).extracting(EDivisive.ChangePoint::index).containsExactly(2 * fast.length);
        assertThat(ChangeDescriptions.stepPercent(values, kept, 0)).isLessThan(-70);
    }
}
