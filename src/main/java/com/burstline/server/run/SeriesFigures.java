package com.burstline.server.run;

import java.util.List;

/**
 * What is read of a run's {@link Series} beyond its figures: its length, mean and variation (for the stability and
 * allowance rules) and the cuts where its throughput stepped down and stayed down ({@link Credits#stepDowns}), before
 * any limit decides which of them is the burst credits running out ({@link Credits#of(SeriesFigures, Limits)}). None
 * of it depends on a run's labels, so a long run's are made once, at import, and kept ({@link KeptSeriesFigures})
 * instead of change-pointing tens of thousands of intervals on every read; a short run's are made on read. The same
 * figures either way: what is kept is this record.
 *
 * @param stepDowns in time order; each has a lower level before it than the one before
 */
public record SeriesFigures(int size, double mean, double coefficientOfVariation, List<StepDown> stepDowns) {
    /**
     * The version of what {@link #of} makes: raise it when {@link Series}, {@link ChangePoints},
     * {@link Credits#stepDowns} or the thresholds it reads change what they make, so that kept figures are made again.
     */
    static final int VERSION = 1;

    /**
     * A cut after which the throughput stayed at most {@code burst-drop} of the level before it, with no later
     * segment back above the midpoint and at least {@code burst-after} intervals after it.
     */
    public record StepDown(double atSeconds, double beforeBitsPerSecond, int intervalsBefore,
                           double afterBitsPerSecond, int intervalsAfter) {
    }

    public SeriesFigures {
        stepDowns = List.copyOf(stepDowns);
    }

    public static SeriesFigures of(Series series) {
        return new SeriesFigures(series.size(), series.mean(), series.coefficientOfVariation(),
                Credits.stepDowns(series));
    }
}
