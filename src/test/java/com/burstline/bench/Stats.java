package com.burstline.bench;

import java.util.Collection;

/** The median (one slow sample on a busy machine does not move it) and the tail percentiles a user feels. */
final class Stats {
    private Stats() {
    }

    static double median(Collection<? extends Number> values) {
        double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The nearest-rank percentile, {@code p} in (0, 100]; NaN for no values. */
    static double percentile(Collection<? extends Number> values, double p) {
        double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
