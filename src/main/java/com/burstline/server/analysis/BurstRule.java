package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.run.Credits;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.Limits;
import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * burst-exhausted: the run's burst credits ran out during it, as its measurement's {@link Credits} found from its
 * intervals (the catalog's {@link FindingKind#BURST_EXHAUSTED}): the shape of an EC2 instance out of credits.
 */
final class BurstRule {
    private BurstRule() {
    }

    static Optional<Finding> of(RunSummary run) {
        Credits credits = run.measurement().credits();
        if (!credits.ranOut()) {
            return Optional.empty();
        }
        Limits limits = run.limits();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("atSeconds", credits.atSeconds());
        data.put("beforeBitsPerSecond", credits.beforeBitsPerSecond());
        data.put("afterBitsPerSecond", credits.afterBitsPerSecond());
        data.put("intervalsBefore", credits.intervalsBefore());
        data.put("intervalsAfter", credits.intervalsAfter());
        data.put("burstLimitBitsPerSecond", limits.burstLimitBitsPerSecond());
        data.put("baselineBitsPerSecond", limits.baselineBitsPerSecond());
        String headline = String.format(java.util.Locale.ROOT, "Throughput stepped down at %.1f s from %s%s to "
                        + "%s%s and stayed there: the burst allowance ran out.", credits.atSeconds(),
                FigureText.rate(credits.beforeBitsPerSecond()),
                share(credits.beforeBitsPerSecond(), limits.burstLimitBitsPerSecond(), "burst limit"),
                FigureText.rate(credits.afterBitsPerSecond()),
                share(credits.afterBitsPerSecond(), limits.baselineBitsPerSecond(), "baseline"));
        return Optional.of(Finding.of(run.id(), FindingKind.BURST_EXHAUSTED, headline, "Figures after this point "
                + "measure the baseline; let credits refill (or run shorter tests) before comparing bursts.", data));
    }

    private static String share(double level, Double limit, String name) {
        return limit == null || limit == 0 ? "" : " (" + FigureText.percent(level / limit * 100) + " of the " + name
                + ")";
    }
}
