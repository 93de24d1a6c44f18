package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.Limits;
import com.burstline.server.run.Measurement;
import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * percent-of-limit: what arrived against the burst limit and the baseline, whenever one is known, and, for a UDP run
 * at a target, first against that target: what it was asked to carry is what it is judged by. From
 * {@link Thresholds#AT_CAP} of the burst limit up to {@link Thresholds#BEYOND_LIMIT} it says the run measured the
 * cap; beyond that it says no cap explains it: the instance type is wrong or the traffic never crossed the NIC.
 */
final class LimitRules {
    private LimitRules() {
    }

    static Optional<Finding> percentOfLimit(RunSummary run) {
        Measurement m = run.measurement();
        Limits limits = m.limits();
        Double received = m.figures().receivedBitsPerSecond();
        if ((limits.burstLimitBitsPerSecond() == null && limits.baselineBitsPerSecond() == null) || received == null) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("receivedBitsPerSecond", received);
        StringBuilder headline = new StringBuilder("Received " + FigureText.rate(received) + ":");
        if (m.receivedShareOfTarget() != null) {
            data.put("targetBitsPerSecond", m.wholeTargetBitsPerSecond());
            data.put("receivedShareOfTarget", m.receivedShareOfTarget());
            headline.append(" ").append(FigureText.percent(m.receivedShareOfTarget())).append(" of the ")
                    .append(FigureText.rate(m.wholeTargetBitsPerSecond().doubleValue())).append(" target;");
        }
        if (m.shareOfBurstLimit() != null) {
            data.put("burstLimitBitsPerSecond", limits.burstLimitBitsPerSecond());
            data.put("shareOfBurstLimit", m.shareOfBurstLimit());
            headline.append(" ").append(FigureText.percent(m.shareOfBurstLimit())).append(" of the ")
                    .append(FigureText.rate(limits.burstLimitBitsPerSecond())).append(" burst limit");
        }
        if (m.shareOfBaseline() != null) {
            data.put("baselineBitsPerSecond", limits.baselineBitsPerSecond());
            data.put("shareOfBaseline", m.shareOfBaseline());
            headline.append(m.shareOfBurstLimit() != null ? ", " : " ")
                    .append(FigureText.percent(m.shareOfBaseline())).append(" of the ")
                    .append(FigureText.rate(limits.baselineBitsPerSecond())).append(" baseline");
        }
        boolean beyond = m.shareOfBurstLimit() != null && m.shareOfBurstLimit() > Thresholds.BEYOND_LIMIT.value();
        boolean atCap = !beyond && m.shareOfBurstLimit() != null
                && m.shareOfBurstLimit() >= Thresholds.AT_CAP.value();
        data.put("atCap", atCap);
        data.put("beyondTheLimit", beyond);
        return Optional.of(Finding.of(run.id(), FindingKind.PERCENT_OF_LIMIT, headline + ".", detail(atCap, beyond),
                data));
    }

    private static String detail(boolean atCap, boolean beyond) {
        if (beyond) {
            return "No instance's cap lets more through than its limit: the instance type is wrong or the traffic "
                    + "never crossed the NIC (loopback, one host), so this run says nothing of the driver.";
        }
        return atCap ? "The run is at the cap: it measures the instance's limit, not the driver; compare drivers on "
                + "runs below it (fewer streams, a -b target, or a larger instance)." : "";
    }
}
