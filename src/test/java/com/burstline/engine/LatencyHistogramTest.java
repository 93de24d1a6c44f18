package com.burstline.engine;

import com.burstline.contract.LatencyStats;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LatencyHistogramTest {

    /** Every value lands in a counter whose range holds it, and the counters cover the range without gaps. */
    @Test
    void eachValueHasOneBucketAndBucketsFollowEachOther() {
        for (long value : new long[] {0, 1, 63, 64, 127, 128, 129, 255, 256, 1_000, 45_000, 1_000_000,
                                      LatencyHistogram.HIGHEST}) {
            int index = LatencyHistogram.index(value);
            assertThat(LatencyHistogram.lowestOf(index)).as("lowest of %d's bucket", value).isLessThanOrEqualTo(value);
            assertThat(LatencyHistogram.lowestOf(index + 1)).as("next bucket after %d", value).isGreaterThan(value);
        }
        for (int index = 0; index < LatencyHistogram.index(LatencyHistogram.HIGHEST); index++) {
            assertThat(LatencyHistogram.index(LatencyHistogram.lowestOf(index))).isEqualTo(index);
        }
    }

    /**
     * Percentiles of a long-tailed sample (round trips of 20 µs to 200 ms, as a loaded link gives) against the exact
     * order statistics: within 0.8 %, at p99.9 too.
     */
    @Test
    void percentilesAreWithinTheBucketsWidthOfTheExactOnes() {
        Random random = new Random(31);
        long[] values = new long[200_000];
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) (20_000 * Math.exp(random.nextDouble() * random.nextDouble() * 9.2));
            histogram.record(values[i]);
        }
        Arrays.sort(values);
        for (double percent : new double[] {50, 90, 99, 99.9}) {
            long exact = values[(int) Math.ceil(percent / 100 * values.length) - 1];
            assertThat((double) histogram.percentile(percent)).as("p%s", percent)
                    .isCloseTo(exact, within(exact * 0.008));
        }
        assertThat(histogram.percentile(100)).isEqualTo(values[values.length - 1]);
        assertThat(histogram.count()).isEqualTo(values.length);
    }

    @Test
    void statsAreInMillisecondsWithExactLowestHighestAndMean() {
        LatencyHistogram histogram = new LatencyHistogram();
        for (long micros : new long[] {40, 50, 60, 1_000}) {
            histogram.record(micros * 1_000);
        }

        LatencyStats stats = histogram.stats(2);

        assertThat(stats.answered()).isEqualTo(4);
        assertThat(stats.lost()).isEqualTo(2);
        assertThat(stats.minMs()).isEqualTo(0.04);
        assertThat(stats.maxMs()).isEqualTo(1.0);
        assertThat(stats.meanMs()).isCloseTo(0.2875, within(1e-12));
        assertThat(stats.p50Ms()).isCloseTo(0.05, within(0.05 * 0.008));
    }

    @Test
    void anEmptyHistogramHasOnlyItsLostCount() {
        LatencyStats stats = new LatencyHistogram().stats(5);

        assertThat(stats.answered()).isZero();
        assertThat(stats.lost()).isEqualTo(5);
        assertThat(stats.p50Ms()).isNull();
        assertThat(stats.maxMs()).isNull();
    }

    /** Bounded memory: a round trip beyond the top counter counts there, its exact value kept as the highest. */
    @Test
    void roundTripsBeyondTheRangeCountInTheTopBucket() {
        LatencyHistogram histogram = new LatencyHistogram();
        histogram.record(LatencyHistogram.HIGHEST * 4);
        histogram.record(-5);

        assertThat(histogram.count()).isEqualTo(2);
        assertThat(histogram.percentile(100)).isEqualTo(LatencyHistogram.HIGHEST * 4);
        assertThat(histogram.percentile(1)).isZero();
    }

    @Test
    void addingHistogramsIsRecordingBothIntoOne() {
        LatencyHistogram a = new LatencyHistogram();
        LatencyHistogram b = new LatencyHistogram();
        LatencyHistogram both = new LatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            (i % 3 == 0 ? a : b).record(i * 997L);
            both.record(i * 997L);
        }

        a.add(b);

        assertThat(a.stats(0)).isEqualTo(both.stats(0));
    }
}
