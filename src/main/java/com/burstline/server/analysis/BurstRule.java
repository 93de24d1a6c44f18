package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * burst-exhausted: within one run the throughput steps down from a high level (at least half the burst limit, when
 * one is known) to at most half of it, and no later segment climbs back above the midpoint — the shape of an EC2
 * instance running out of burst credits. The step comes from {@link ChangePoints}, not from one low interval.
 */
final class BurstRule {
    static final double MIN_DROP = 0.5;
    static final double HIGH_SHARE_OF_BURST = 0.5;
    static final int MIN_INTERVALS_AFTER = 2;

    private BurstRule() {
    }

    /**
     * The first step down from a high level: at least half the burst limit before it, when one is known. The steps
     * themselves come from the series alone ({@link #stepDowns}).
     */
    static Optional<Finding> of(RunSummary run, SeriesFigures series) {
        Double burst = run.burstLimitBitsPerSecond();
        return series.stepDowns().stream()
                .filter(step -> burst == null || step.beforeBitsPerSecond() >= HIGH_SHARE_OF_BURST * burst)
                .findFirst().map(step -> finding(run, step));
    }

    /**
     * Every cut where the throughput steps down to at most {@value #MIN_DROP} of the segment before it, and no later
     * segment climbs back above the midpoint, with {@value #MIN_INTERVALS_AFTER} intervals or more after it: what
     * {@link #of} chooses from once a limit is known. Each has a lower level before it than the one before (below
     * the earlier one's midpoint), so there are few of them however long the run.
     * <p>
     * Linear in the intervals and the segments: the mean after each cut comes from sums taken once from the end, and
     * "no later segment climbs back" from the highest later segment mean, so a long noisy run with thousands of
     * segments (an hour at 0.1 s has 36,000 intervals) costs no more than reading it.
     */
    static List<SeriesFigures.StepDown> stepDowns(Series series) {
        if (series.size() < 2 * MIN_INTERVALS_AFTER) {
            return List.of();
        }
        double[] values = series.bitsPerSecond();
        List<ChangePoints.Segment> segments = ChangePoints.segments(values);
        double[] sumFrom = new double[values.length + 1];
        for (int i = values.length - 1; i >= 0; i--) {
            sumFrom[i] = sumFrom[i + 1] + values[i];
        }
        double[] highestFrom = new double[segments.size() + 1];
        highestFrom[segments.size()] = Double.NEGATIVE_INFINITY;
        for (int i = segments.size() - 1; i >= 0; i--) {
            highestFrom[i] = Math.max(highestFrom[i + 1], segments.get(i).mean());
        }
        List<SeriesFigures.StepDown> steps = new ArrayList<>();
        for (int i = 0; i + 1 < segments.size(); i++) {
            ChangePoints.Segment before = segments.get(i);
            int cut = segments.get(i + 1).from();
            double after = sumFrom[cut] / (values.length - cut);
            if (after <= MIN_DROP * before.mean() && highestFrom[i + 1] < (before.mean() + after) / 2
                    && series.size() - cut >= MIN_INTERVALS_AFTER) {
                steps.add(new SeriesFigures.StepDown(series.starts()[cut], before.mean(), before.length(), after,
                        series.size() - cut));
            }
        }
        return steps;
    }

    private static Finding finding(RunSummary run, SeriesFigures.StepDown step) {
        double before = step.beforeBitsPerSecond();
        double after = step.afterBitsPerSecond();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("atSeconds", step.atSeconds());
        data.put("beforeBitsPerSecond", before);
        data.put("afterBitsPerSecond", after);
        data.put("intervalsBefore", step.intervalsBefore());
        data.put("intervalsAfter", step.intervalsAfter());
        data.put("burstLimitBitsPerSecond", run.burstLimitBitsPerSecond());
        data.put("baselineBitsPerSecond", run.baselineBitsPerSecond());
        String message = String.format(java.util.Locale.ROOT, "Throughput stepped down at %.1f s from %s%s to "
                        + "%s%s and stayed there: the burst allowance ran out. Figures after this point measure the "
                        + "baseline; let credits refill (or run shorter tests) before comparing bursts.", step.atSeconds(),
                Figures.rate(before), share(before, run.burstLimitBitsPerSecond(), "burst limit"),
                Figures.rate(after), share(after, run.baselineBitsPerSecond(), "baseline"));
        return new Finding(run.id(), "burst-exhausted", Finding.WARNING, message, data);
    }

    private static String share(double level, Double limit, String name) {
        return limit == null || limit == 0 ? "" : " (" + Figures.percent(level / limit * 100) + " of the " + name + ")";
    }

}
