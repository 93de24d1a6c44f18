package com.burstline.server.trend;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The energy statistic of Matteson and James (α = 1) for every split of one series, in O(n log n) rather than the
 * textbook O(n²): the sums of |x − y| within the part before a split, within the part after it, and across it all
 * follow from running pairwise sums that two Fenwick trees (count and sum by rank) keep as values are added one by
 * one. That is what lets a trend cover thousands of runs with a permutation test.
 */
final class EnergyStatistic {
    /** The best split: the index of the first value after it, and its q̂ (0 when no split is allowed). */
    record Split(int index, double q) {
    }

    private EnergyStatistic() {
    }

    static Split bestSplit(double[] values, int minSegment) {
        return bestSplit(values, ranks(values), minSegment);
    }

    /** With the values' ranks given: a shuffle that moves each rank with its value keeps them valid. */
    static Split bestSplit(double[] values, int[] ranks, int minSegment) {
        double[] q = splits(values, ranks);
        Split best = new Split(-1, 0);
        for (int t = Math.max(minSegment, 2); t <= values.length - Math.max(minSegment, 2); t++) {
            if (q[t] > best.q()) {
                best = new Split(t, q[t]);
            }
        }
        return best;
    }

    /** q̂ of the split before index t, for every t with at least two values on each side (0 elsewhere). */
    static double[] splits(double[] values, int[] ranks) {
        int n = values.length;
        double[] before = runningPairSums(values, ranks, false);
        double[] after = runningPairSums(values, ranks, true);
        double[] q = new double[n + 1];
        for (int t = 2; t <= n - 2; t++) {
            double m = t;
            double k = n - t;
            double across = before[n] - before[t] - after[t];
            double energy = 2 * across / (m * k) - before[t] / (m * (m - 1) / 2) - after[t] / (k * (k - 1) / 2);
            q[t] = m * k / (m + k) * energy;
        }
        return q;
    }

    /**
     * Forward: element t is the sum of |x_i − x_j| over pairs i < j < t. Backward: over pairs t ≤ i < j. Both have
     * n + 1 elements.
     */
    private static double[] runningPairSums(double[] values, int[] ranks, boolean backward) {
        int n = values.length;
        Fenwick lower = new Fenwick(n);
        double[] running = new double[n + 1];
        double sumAll = 0;
        for (int step = 0; step < n; step++) {
            int i = backward ? n - 1 - step : step;
            double x = values[i];
            lower.prefix(ranks[i]);
            double lowerCount = lower.count;
            double lowerSum = lower.sum;
            double added = x * lowerCount - lowerSum + (sumAll - lowerSum) - x * (step - lowerCount);
            int slot = backward ? i : step + 1;
            int previous = backward ? i + 1 : step;
            running[slot] = running[previous] + added;
            lower.add(ranks[i], x);
            sumAll += x;
        }
        return running;
    }

    /** Distinct ranks 0…n−1 by value; equal values get neighbouring ranks, which adds |x − x| = 0 either way. */
    static int[] ranks(double[] values) {
        Integer[] order = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        int[] ranks = new int[values.length];
        for (int r = 0; r < order.length; r++) {
            ranks[order[r]] = r;
        }
        return ranks;
    }

    /**
     * Count and sum by rank in one tree (interleaved, so one walk reads both): {@code prefix(r)} leaves the count and
     * the sum of the entries of ranks below r in {@link #count} and {@link #sum}.
     */
    private static final class Fenwick {
        private final double[] tree;
        double count;
        double sum;

        Fenwick(int size) {
            tree = new double[2 * (size + 1)];
        }

        void add(int rank, double value) {
            for (int i = rank + 1; 2 * i < tree.length; i += i & -i) {
                tree[2 * i] += 1;
                tree[2 * i + 1] += value;
            }
        }

        void prefix(int rank) {
            double c = 0;
            double s = 0;
            for (int i = rank; i > 0; i -= i & -i) {
                c += tree[2 * i];
                s += tree[2 * i + 1];
            }
            count = c;
            sum = s;
        }
    }
}
