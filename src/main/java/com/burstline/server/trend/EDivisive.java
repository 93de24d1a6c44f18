package com.burstline.server.trend;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Multiple change points by E-divisive means (Matteson and James, 2014), the method performance-CI tools (MongoDB's
 * signal processing, Hunter) run over benchmark histories. Each step takes, over all current segments, the split
 * with the largest energy statistic q̂ (α = 1) between the part before and the part after, and keeps it only when a
 * permutation test finds it significant: the segment's values are shuffled {@code permutations} times (seeded, so
 * that the same series always gives the same answer) and p = (1 + shuffles whose best q̂ reaches the observed one)
 * / (1 + permutations). The search stops at the first split that is not significant.
 */
final class EDivisive {
    /** A change point: the index of the first value of the new level and the permutation test's p-value. */
    record ChangePoint(int index, double pValue) {
    }

    private record Candidate(int from, int to, int index, double q) {
    }

    /**
     * The permutation test shuffles at most this many values. Its cost is permutations × n log n, so a whole long
     * history would cost far more than the default window (scripts/bench-compare.sh --trend). Longer segments are
     * tested on their block means: where a change is, still comes from the full series (one n log n search); only
     * the test of whether it is real runs on ≤ 1,000 means. The default window (the newest 1,000 runs) never needs it.
     */
    static final int MAX_PERMUTED_VALUES = 1000;

    private final int minSegment;
    private final int permutations;
    private final double significance;
    private final long seed;

    EDivisive(int minSegment, int permutations, double significance, long seed) {
        this.minSegment = minSegment;
        this.permutations = permutations;
        this.significance = significance;
        this.seed = seed;
    }

    /** The significant change points, in index order. */
    List<ChangePoint> changePoints(double[] values) {
        Random random = new Random(seed);
        List<Candidate> open = new ArrayList<>();
        addCandidate(values, 0, values.length, open);
        List<ChangePoint> found = new ArrayList<>();
        while (!open.isEmpty()) {
            Candidate best = open.stream().max(Comparator.comparingDouble(Candidate::q)).orElseThrow();
            double p = pValue(values, best, random);
            if (p > significance) {
                break;
            }
            found.add(new ChangePoint(best.index(), p));
            open.remove(best);
            addCandidate(values, best.from(), best.index(), open);
            addCandidate(values, best.index(), best.to(), open);
        }
        found.sort(Comparator.comparingInt(ChangePoint::index));
        return found;
    }

    private void addCandidate(double[] values, int from, int to, List<Candidate> open) {
        if (to - from < 2 * minSegment) {
            return;
        }
        double[] segment = Arrays.copyOfRange(values, from, to);
        EnergyStatistic.Split split = EnergyStatistic.bestSplit(segment, minSegment);
        if (split.q() > tolerance(segment)) {
            open.add(new Candidate(from, to, from + split.index(), split.q()));
        }
    }

    /**
     * Below this q̂ is rounding, not signal: runs of equal figures give a q̂ of a few units of the last place instead of
     * 0, and testing that noise would cost every permutation (and could even pass). A real step of 0.1% in six runs
     * has a q̂ over a thousand times larger.
     */
    private static double tolerance(double[] segment) {
        double largest = 0;
        for (double value : segment) {
            largest = Math.max(largest, Math.abs(value));
        }
        return largest * 1e-6;
    }

    /**
     * Shuffles the candidate's segment (its block means when it is long) and counts the shuffles whose best split is at least as strong. Stops as soon
     * as that count alone makes the split not significant, so a steady series costs only a few shuffles.
     */
    private double pValue(double[] values, Candidate candidate, Random random) {
        double[] segment = Arrays.copyOfRange(values, candidate.from(), candidate.to());
        double observed = candidate.q();
        if (segment.length > MAX_PERMUTED_VALUES) {
            segment = blockMeans(segment, MAX_PERMUTED_VALUES);
            observed = EnergyStatistic.bestSplit(segment, minSegment).q();
        }
        int[] ranks = EnergyStatistic.ranks(segment);
        int allowed = (int) Math.floor(significance * (permutations + 1)) - 1;
        int atLeast = 0;
        for (int i = 0; i < permutations; i++) {
            shuffle(segment, ranks, random);
            if (EnergyStatistic.bestSplit(segment, ranks, minSegment).q() >= observed) {
                atLeast++;
                if (atLeast > allowed) {
                    return 1.0;
                }
            }
        }
        return (1.0 + atLeast) / (1.0 + permutations);
    }

    /**
     * The means of consecutive blocks of equal size (the last one may be shorter), at most {@code limit} of them. Under
     * "no change" the runs are exchangeable and so are the means of disjoint blocks, so shuffling the means is a valid
     * permutation test of the same question, and a step between levels survives averaging (its noise shrinks).
     */
    static double[] blockMeans(double[] values, int limit) {
        int block = (values.length + limit - 1) / limit;
        double[] means = new double[(values.length + block - 1) / block];
        for (int b = 0; b < means.length; b++) {
            int from = b * block;
            int to = Math.min(values.length, from + block);
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += values[i];
            }
            means[b] = sum / (to - from);
        }
        return means;
    }

    private static void shuffle(double[] values, int[] ranks, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double swap = values[i];
            values[i] = values[j];
            values[j] = swap;
            int swapRank = ranks[i];
            ranks[i] = ranks[j];
            ranks[j] = swapRank;
        }
    }
}
