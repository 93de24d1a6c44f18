package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.contract.Scenario;
import com.burstline.iperf.IntervalSample;

import java.util.List;

/**
 * A run's per-interval sum rows that arrived (see {@code IntervalSides}) in its own direction (the upload sum of a
 * --bidir run), without iperf3's omitted warm-up intervals and without its closing sliver ({@code ClosingIntervals}):
 * the series the change-point and stability rules look at.
 */
public record Series(double[] bitsPerSecond, double[] starts, double[] ends, long[] retransmits, long bytes) {

    public static Series of(Scenario scenario, List<IntervalRow> sumRows) {
        Direction direction = scenario.bidir() ? Direction.UPLOAD : scenario.direction();
        List<IntervalSample> rows = sumRows.stream().filter(row -> !row.closing()).map(IntervalRow::sample)
                .filter(row -> row.isSum() && row.direction() == direction && !row.omitted()).toList();
        return new Series(rows.stream().mapToDouble(IntervalSample::bitsPerSecond).toArray(),
                rows.stream().mapToDouble(IntervalSample::start).toArray(),
                rows.stream().mapToDouble(IntervalSample::end).toArray(),
                rows.stream().mapToLong(row -> row.retransmits() == null ? 0 : row.retransmits()).toArray(),
                rows.stream().mapToLong(IntervalSample::bytes).sum());
    }

    public int size() {
        return bitsPerSecond.length;
    }

    public double mean() {
        double sum = 0;
        for (double value : bitsPerSecond) {
            sum += value;
        }
        return size() == 0 ? 0 : sum / size();
    }

    /** Coefficient of variation: sample standard deviation over the mean. */
    public double coefficientOfVariation() {
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
