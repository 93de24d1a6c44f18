package com.burstline.bench;

import java.util.Collection;

/** The median: one slow sample on a busy machine does not move it. */
final class Stats {
    private Stats() {
    }

    static double median(Collection<? extends Number> values) {
        double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
