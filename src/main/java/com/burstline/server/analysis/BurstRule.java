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

    static Optional<Finding> of(RunSummary run, Series series) {
        if (series.size() < 2 * MIN_INTERVALS_AFTER) {
            return Optional.empty();
        }
        List<ChangePoints.Segment> segments = ChangePoints.segments(series.bitsPerSecond());
        for (int i = 0; i + 1 < segments.size(); i++) {
            ChangePoints.Segment before = segments.get(i);
            int cut = segments.get(i + 1).from();
            double after = mean(series.bitsPerSecond(), cut);
            if (isStepDown(run, before.mean(), after) && staysDown(segments.subList(i + 1, segments.size()),
                    (before.mean() + after) / 2) && series.size() - cut >= MIN_INTERVALS_AFTER) {
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

    private static boolean staysDown(List<ChangePoints.Segment> later, double midpoint) {
        return later.stream().allMatch(segment -> segment.mean() < midpoint);
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

    private static double mean(double[] values, int from) {
        double sum = 0;
        for (int i = from; i < values.length; i++) {
            sum += values[i];
        }
        return sum / (values.length - from);
    }
}
