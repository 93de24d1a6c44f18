package com.burstline.server.analysis;

import com.burstline.server.run.IntervalRow;
import com.burstline.server.run.RunSummary;

import java.util.List;

/**
 * A run's per-interval sum rows that arrived (see {@code IntervalSides}) in its own direction (the upload sum of a
 * --bidir run), without iperf3's omitted warm-up intervals and without its closing sliver ({@code ClosingIntervals}):
 * the series the change-point and stability rules look at.
 */
record Series(double[] bitsPerSecond, double[] starts, double[] ends, long[] retransmits, long bytes) {

    static Series of(RunSummary run, List<IntervalRow> sumRows) {
        String direction = "bidir".equals(run.direction()) ? "upload" : run.direction();
        List<IntervalRow> rows = sumRows.stream().filter(row -> "sum".equals(row.stream())
                && direction.equals(row.direction()) && !row.omitted() && !row.closing()).toList();
        return new Series(rows.stream().mapToDouble(IntervalRow::bitsPerSecond).toArray(),
                rows.stream().mapToDouble(IntervalRow::start).toArray(),
                rows.stream().mapToDouble(IntervalRow::end).toArray(),
                rows.stream().mapToLong(row -> row.retransmits() == null ? 0 : row.retransmits()).toArray(),
                rows.stream().mapToLong(IntervalRow::bytes).sum());
    }

    int size() {
        return bitsPerSecond.length;
    }

    double mean() {
        double sum = 0;
        for (double value : bitsPerSecond) {
            sum += value;
        }
        return size() == 0 ? 0 : sum / size();
    }

    /** Coefficient of variation: sample standard deviation over the mean. */
    double coefficientOfVariation() {
        double mean = mean();
        if (size() < 2 || mean == 0) {
            return 0;
        }
        double sum = 0;
        for (double value : bitsPerSecond) {
            sum += (value - mean) * (value - mean);
        }
        return Math.sqrt(sum / (size() - 1)) / mean;
    }
}
