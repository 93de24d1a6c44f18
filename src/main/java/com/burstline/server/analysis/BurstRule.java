package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

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
     * Linear in the intervals and the segments: the mean after each cut comes from sums taken once from the end, and
     * "no later segment climbs back" from the highest later segment mean, so a long noisy run with thousands of
     * segments (an hour at 0.1 s has 36,000 intervals) costs no more than reading it.
     */
    static Optional<Finding> of(RunSummary run, Series series) {
        if (series.size() < 2 * MIN_INTERVALS_AFTER) {
            return Optional.empty();
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
        for (int i = 0; i + 1 < segments.size(); i++) {
            ChangePoints.Segment before = segments.get(i);
            int cut = segments.get(i + 1).from();
            double after = sumFrom[cut] / (values.length - cut);
            if (isStepDown(run, before.mean(), after) && highestFrom[i + 1] < (before.mean() + after) / 2
                    && series.size() - cut >= MIN_INTERVALS_AFTER) {
                return Optional.of(finding(run, series.starts()[cut], before, after, series.size() - cut));
            }
        }
        return Optional.empty();
    }

    private static boolean isStepDown(RunSummary run, double before, double after) {
        Double burst = run.burstLimitBitsPerSecond();
        boolean high = burst == null || before >= HIGH_SHARE_OF_BURST * burst;
        return high && after <= MIN_DROP * before;
    }

    private static Finding finding(RunSummary run, double atSeconds, ChangePoints.Segment before, double after,
                                   int intervalsAfter) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("atSeconds", atSeconds);
        data.put("beforeBitsPerSecond", before.mean());
        data.put("afterBitsPerSecond", after);
        data.put("intervalsBefore", before.length());
        data.put("intervalsAfter", intervalsAfter);
        data.put("burstLimitBitsPerSecond", run.burstLimitBitsPerSecond());
        data.put("baselineBitsPerSecond", run.baselineBitsPerSecond());
        String message = String.format(java.util.Locale.ROOT, "Throughput stepped down at %.1f s from %s%s to "
                        + "%s%s and stayed there: the burst allowance ran out. Figures after this point measure the "
                        + "baseline; let credits refill (or run shorter tests) before comparing bursts.", atSeconds,
                Figures.rate(before.mean()), share(before.mean(), run.burstLimitBitsPerSecond(), "burst limit"),
                Figures.rate(after), share(after, run.baselineBitsPerSecond(), "baseline"));
        return new Finding(run.id(), "burst-exhausted", Finding.WARNING, message, data);
    }

    private static String share(double level, Double limit, String name) {
        return limit == null || limit == 0 ? "" : " (" + Figures.percent(level / limit * 100) + " of the " + name + ")";
    }

}
