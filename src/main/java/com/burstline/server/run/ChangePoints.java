package com.burstline.server.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Mean-shift change points by binary segmentation: split where the two halves' squared error drops the most, keep
 * the split when the drop beats a BIC-like penalty of 2·σ²·ln(n), and recurse into both halves. σ is estimated from
 * the differences of neighbouring values (MAD), so that a step itself does not inflate the noise estimate.
 */
final class ChangePoints {
    private static final int MIN_SEGMENT = 2;
    static final double NOISE_FLOOR = 0.01;

    private ChangePoints() {
    }

    /** A run of values with one level: indexes {@code from} (inclusive) to {@code to} (exclusive). */
    record Segment(int from, int to, double mean) {
        int length() {
            return to - from;
        }
    }

    static List<Segment> segments(double[] values) {
        double penalty = 2 * Math.pow(noise(values), 2) * Math.log(Math.max(values.length, 2));
        List<Integer> cuts = new ArrayList<>();
        split(Sums.of(values), 0, values.length, penalty, cuts);
        cuts.sort(Integer::compareTo);
        List<Segment> segments = new ArrayList<>();
        int from = 0;
        for (int cut : cuts) {
            segments.add(new Segment(from, cut, mean(values, from, cut)));
            from = cut;
        }
        segments.add(new Segment(from, values.length, mean(values, from, values.length)));
        return segments;
    }

    private static void split(Sums values, int from, int to, double penalty, List<Integer> cuts) {
        if (to - from < 2 * MIN_SEGMENT) {
            return;
        }
        double whole = values.sse(from, to);
        int best = -1;
        double bestCost = whole;
        for (int cut = from + MIN_SEGMENT; cut <= to - MIN_SEGMENT; cut++) {
            double cost = values.sse(from, cut) + values.sse(cut, to);
            if (cost < bestCost) {
                bestCost = cost;
                best = cut;
            }
        }
        if (best > 0 && whole - bestCost > penalty) {
            cuts.add(best);
            split(values, from, best, penalty, cuts);
            split(values, best, to, penalty, cuts);
        }
    }

    /**
     * Robust noise level, at least {@value #NOISE_FLOOR} of the mean: at a steady shaper iperf3's intervals differ by
     * well under that from one to the next, yet the first interval runs a little high while the shaper's bucket
     * empties — a shift no one would call a change.
     */
    static double noise(double[] values) {
        if (values.length < 3) {
            return Math.abs(mean(values, 0, values.length)) * NOISE_FLOOR + 1e-9;
        }
        double[] diffs = new double[values.length - 1];
        for (int i = 1; i < values.length; i++) {
            diffs[i - 1] = Math.abs(values[i] - values[i - 1]);
        }
        Arrays.sort(diffs);
        double mad = diffs[diffs.length / 2];
        double floor = Math.abs(mean(values, 0, values.length)) * NOISE_FLOOR + 1e-9;
        return Math.max(mad / (0.6745 * Math.sqrt(2)), floor);
    }

    /**
     * Running sums of the values and of their squares, so that a segment's squared error costs the same at any length
     * and a split stays linear in the run's intervals (an hour at 0.1 s is 36,000 of them). Centred on the mean so
     * that the squares of rates in the billions keep their precision.
     */
    private record Sums(double[] sums, double[] squares) {
        static Sums of(double[] values) {
            double centre = mean(values, 0, values.length);
            double[] sums = new double[values.length + 1];
            double[] squares = new double[values.length + 1];
            for (int i = 0; i < values.length; i++) {
                double value = values[i] - centre;
                sums[i + 1] = sums[i] + value;
                squares[i + 1] = squares[i] + value * value;
            }
            return new Sums(sums, squares);
        }

        double sse(int from, int to) {
            if (to <= from) {
                return 0;
            }
            double sum = sums[to] - sums[from];
            return Math.max(0, squares[to] - squares[from] - sum * sum / (to - from));
        }
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return to > from ? sum / (to - from) : 0;
    }
}
