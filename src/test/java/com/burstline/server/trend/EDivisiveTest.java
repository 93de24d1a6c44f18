package com.burstline.server.trend;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Samples;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * E-divisive on series of real figures: every per-interval sum of the real iperf3 runs in src/test/resources/iperf3
 * stands for one run of a series (the shared samples were measured across a veth shaped to 5 Gbit/s). iperf3 3.12's
 * single-stream TCP runs got ~4.78 Gbit/s, 3.18's ~4.35 Gbit/s and the UDP 1 Gbit/s runs ~1 Gbit/s, so series made
 * of them in turn have real levels with real noise, and known places where the level changes.
 */
class EDivisiveTest {
    private static final EDivisive METHOD = new EDivisive(Trends.MIN_SEGMENT_RUNS, Trends.PERMUTATIONS,
            Trends.SIGNIFICANCE, Trends.SEED);

    @Test
    void steadyFiveGigabitSeriesHasNoChangePoint() {
        double[] steady = series("iperf3-312-tcp-1-download.json", "iperf3-312-tcp-1-upload.json",
                "iperf3-312-tcp-4-download.json", "iperf3-312-tcp-4-upload.json", "iperf3-318-tcp-4-download.json",
                "iperf3-318-tcp-4-upload.json");

        assertThat(steady).hasSize(30);
        assertThat(METHOD.changePoints(steady)).isEmpty();
    }

    @Test
    void longSteadySeriesWithOneOutlierHasNoChangePoint() {
        double[] steady = series("iperf3-312-tcp-4-upload-long-loopback.json");

        assertThat(steady).hasSize(300);
        assertThat(METHOD.changePoints(steady)).isEmpty();
    }

    @Test
    void runsThatAllReportTheSameFigureHaveNoChangePoint() {
        double[] same = new double[2000];
        java.util.Arrays.fill(same, series("iperf3-312-tcp-1-upload.json")[1]);

        assertThat(METHOD.changePoints(same)).isEmpty();
    }

    @Test
    void dropFromBurstToOneGigabitIsFoundAtTheFirstRunOfTheNewLevel() {
        double[] values = series("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-upload.json",
                "iperf3-312-tcp-1-download.json", "iperf3-318-udp-1g-upload.json",
                "iperf3-318-udp-1g-upload-stream.json");

        List<EDivisive.ChangePoint> found = METHOD.changePoints(values);

        assertThat(found).extracting(EDivisive.ChangePoint::index).containsExactly(15);
        assertThat(found.get(0).pValue()).isLessThanOrEqualTo(Trends.SIGNIFICANCE);
    }

    @Test
    void twoStepsAreBothFoundWhereTheyAre() {
        double[] values = series("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-download.json",
                "iperf3-318-tcp-1-upload.json", "iperf3-318-tcp-1-upload-stream.json", "iperf3-318-tcp-1-download.json",
                "iperf3-318-udp-1g-upload.json", "iperf3-318-udp-1g-upload-stream.json");

        assertThat(METHOD.changePoints(values)).extracting(EDivisive.ChangePoint::index).containsExactly(10, 25);
    }

    @Test
    void sameSeriesGivesTheSameAnswerEveryTime() {
        double[] values = series("iperf3-312-tcp-1-upload.json", "iperf3-318-tcp-1-upload.json",
                "iperf3-318-tcp-1-upload-stream.json", "iperf3-312-udp-1g-upload.json");

        assertThat(METHOD.changePoints(values)).isEqualTo(METHOD.changePoints(values.clone()));
    }

    @Test
    void longHistoryIsTestedOnBlockMeansAndItsStepStillFoundAtTheExactRun() {
        double[] values = concat(resampled(series("iperf3-318-tcp-1-upload.json", "iperf3-318-tcp-1-upload-stream.json"),
                2_600, 1), resampled(series("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-1-download.json"), 2_400, 2));

        List<EDivisive.ChangePoint> found = METHOD.changePoints(values);

        assertThat(values.length).isGreaterThan(EDivisive.MAX_PERMUTED_VALUES);
        assertThat(found).extracting(EDivisive.ChangePoint::index).containsExactly(2_600);
        assertThat(found.get(0).pValue()).isLessThanOrEqualTo(Trends.SIGNIFICANCE);
    }

    @Test
    void longSteadyHistoryHasNoChangePoint() {
        double[] steady = resampled(series("iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-1-download.json",
                "iperf3-312-tcp-4-upload.json"), 5_000, 3);

        assertThat(METHOD.changePoints(steady)).isEmpty();
    }

    @Test
    void blockMeansAverageConsecutiveRunsIntoAtMostTheLimit() {
        assertThat(EDivisive.blockMeans(new double[] {1, 3, 5, 7, 9}, 2)).containsExactly(3, 8);
        assertThat(EDivisive.blockMeans(new double[] {1, 3, 5, 7}, 4)).containsExactly(1, 3, 5, 7);
    }

    /** A long series of one level: real figures drawn at random (seeded), so it has their noise and no pattern. */
    private static double[] resampled(double[] real, int length, long seed) {
        java.util.Random random = new java.util.Random(seed);
        return DoubleStream.generate(() -> real[random.nextInt(real.length)]).limit(length).toArray();
    }

    private static double[] concat(double[] first, double[] second) {
        return DoubleStream.concat(Arrays.stream(first), Arrays.stream(second)).toArray();
    }

    @Test
    void energyStatisticMatchesTheTextbookSumOfDistances() {
        double[] values = series("iperf3-312-udp-1g-upload.json", "iperf3-318-udp-5g-upload.json");
        double[] fast = EnergyStatistic.splits(values, EnergyStatistic.ranks(values));
        for (int t = 2; t <= values.length - 2; t++) {
            double[] before = Arrays.copyOfRange(values, 0, t);
            double[] after = Arrays.copyOfRange(values, t, values.length);
            double energy = 2 * meanDistance(before, after) - meanDistance(before, before, true)
                    - meanDistance(after, after, true);
            double q = (double) before.length * after.length / values.length * energy;
            assertThat(fast[t]).as("q at split %d", t).isCloseTo(q, org.assertj.core.api.Assertions.within(1e-9));
        }
        assertThat(EnergyStatistic.bestSplit(values, 2).index()).isEqualTo(5);
    }

    private static double meanDistance(double[] a, double[] b) {
        return meanDistance(a, b, false);
    }

    /** Mean |x − y| over all pairs across a and b, or over the distinct pairs within a (a == b, within). */
    private static double meanDistance(double[] a, double[] b, boolean within) {
        double sum = 0;
        int pairs = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = within ? i + 1 : 0; j < b.length; j++) {
                sum += Math.abs(a[i] - b[j]);
                pairs++;
            }
        }
        return sum / pairs;
    }

    /** The per-interval sums of the real runs, in order, in Gbit/s. */
    static double[] series(String... files) {
        return Stream.of(files).flatMapToDouble(EDivisiveTest::intervalSums).toArray();
    }

    private static DoubleStream intervalSums(String file) {
        return new Iperf3OutputParser().parse(Samples.bytes(file)).intervals().stream()
                .filter(IntervalSample::isSum).mapToDouble(sample -> sample.bitsPerSecond() / 1e9);
    }
}
