package com.burstline.engine;

import com.burstline.contract.LatencyStats;

/**
 * Round trips in nanoseconds counted in log-linear buckets, as HdrHistogram does: below 128 ns one bucket a
 * nanosecond, above it each power of two split into 64 buckets, so a bucket is at most 1/64 of its values wide and a
 * percentile read as its bucket's middle is within 0.8 % of the exact one. Bounded memory whatever the count: 2,048
 * counters reach {@link #HIGHEST} (137 s; longer round trips count there). Lowest, highest and mean are exact. Not
 * thread-safe: {@link LatencyRecorder} guards it.
 */
public final class LatencyHistogram {
    private static final int SUB_BITS = 7;
    private static final int SUB_COUNT = 1 << SUB_BITS;
    private static final int HALF = SUB_COUNT / 2;
    private static final int BASE = 64 - SUB_BITS;
    static final long HIGHEST = (1L << 37) - 1;
    private static final int SIZE = index(HIGHEST) + 1;

    private final long[] counts = new long[SIZE];
    private long total;
    private long lowest = Long.MAX_VALUE;
    private long highest;
    private double sum;

    public void record(long nanos) {
        long value = Math.max(0, nanos);
        counts[index(Math.min(value, HIGHEST))]++;
        total++;
        lowest = Math.min(lowest, value);
        highest = Math.max(highest, value);
        sum += value;
    }

    /** Adds another histogram's counts to this one. */
    public void add(LatencyHistogram other) {
        for (int i = 0; i < SIZE; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
        lowest = Math.min(lowest, other.lowest);
        highest = Math.max(highest, other.highest);
        sum += other.sum;
    }

    public void reset() {
        java.util.Arrays.fill(counts, 0);
        total = 0;
        lowest = Long.MAX_VALUE;
        highest = 0;
        sum = 0;
    }

    public long count() {
        return total;
    }

    /**
     * The value below or at which {@code percent} of the counts lie (the order statistic of rank
     * ceil(percent / 100 × count)), as its bucket's middle, kept between the exact lowest and highest; 0 when empty.
     */
    public long percentile(double percent) {
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percent / 100 * total));
        if (rank >= total) {
            return highest;
        }
        long seen = 0;
        for (int i = 0; i < SIZE; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.max(lowest, Math.min(highest, middle(i)));
            }
        }
        return highest;
    }

    /** This histogram's figures in milliseconds, with {@code lost} requests beside them. */
    public LatencyStats stats(long lost) {
        if (total == 0) {
            return LatencyStats.none(lost);
        }
        return new LatencyStats(total, lost, ms(lowest), ms(percentile(50)), ms(percentile(90)), ms(percentile(99)),
                ms(percentile(99.9)), ms(highest), sum / total / 1e6);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    static int index(long value) {
        int bucket = BASE - Long.numberOfLeadingZeros(value | (SUB_COUNT - 1));
        int sub = (int) (value >>> bucket);
        return ((bucket + 1) << (SUB_BITS - 1)) + sub - HALF;
    }

    /** The lowest value a counter holds and its width: the inverse of {@link #index}. */
    static long lowestOf(int index) {
        int bucket = (index >> (SUB_BITS - 1)) - 1;
        int sub = (index & (HALF - 1)) + HALF;
        if (bucket < 0) {
            return index;
        }
        return (long) sub << bucket;
    }

    private static long middle(int index) {
        long low = lowestOf(index);
        long width = index < SUB_COUNT ? 1 : lowestOf(index + 1) - low;
        return low + (width - 1) / 2;
    }
}
