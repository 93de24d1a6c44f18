package com.burstline.server.analysis;

import java.util.List;

/**
 * What the rules read of a run's {@link Series}: its length, mean and variation, and the cuts where its throughput
 * stepped down to half and stayed there ({@link BurstRule#stepDowns}), before any limit decides which of them is a
 * burst running out. None of it depends on a run's labels, so a long run's figures are computed once and kept
 * ({@link KeptSeriesFigures}) instead of change-pointing tens of thousands of intervals on every request; a short
 * run's are computed on read. The same figures either way: what is kept is this record.
 *
 * @param stepDowns in time order; each has a lower level before it than the one before
 */
record SeriesFigures(int size, double mean, double coefficientOfVariation, List<StepDown> stepDowns) {
    /**
     * The version of what {@link #of} computes: raise it when {@link Series}, {@link ChangePoints} or
     * {@link BurstRule#stepDowns} change what they make, so that kept figures are made again by the new rule.
     */
    static final int VERSION = 1;

    /**
     * A cut after which the throughput stayed at most half the level before it, with no later segment back above
     * the midpoint.
     */
    record StepDown(double atSeconds, double beforeBitsPerSecond, int intervalsBefore, double afterBitsPerSecond,
                    int intervalsAfter) {
    }

    SeriesFigures {
        stepDowns = List.copyOf(stepDowns);
    }

    static SeriesFigures of(Series series) {
        return new SeriesFigures(series.size(), series.mean(), series.coefficientOfVariation(),
                BurstRule.stepDowns(series));
    }
}
