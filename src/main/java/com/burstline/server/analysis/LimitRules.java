package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * percent-of-limit: received throughput against the burst limit and the baseline, whenever one is known, and, for a
 * UDP run at a target, first against that target: what it was asked to carry is what it is judged by. At
 * ≥ {@value AllowanceRule#CEILING_SHARE} of the burst limit it says the run measured the cap: the shared samples
 * over the lab's 5 Gbit/s shaper sat at 95–96% whatever the client version, stream count or direction.
 */
final class LimitRules {
    private LimitRules() {
    }

    static Optional<Finding> percentOfLimit(RunSummary run) {
        Double burst = run.burstLimitBitsPerSecond();
        Double baseline = run.baselineBitsPerSecond();
        if ((burst == null && baseline == null) || run.receivedBitsPerSecond() == null) {
            return Optional.empty();
        }
        double received = run.receivedBitsPerSecond();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("receivedBitsPerSecond", received);
        StringBuilder message = new StringBuilder("Received " + Figures.rate(received) + ":");
        Long target = "UDP".equals(run.protocol()) ? RunSummary.wholeTarget(run.targetBitsPerSecond(), run.streams())
                : null;
        if (target != null && target > 0) {
            data.put("targetBitsPerSecond", target);
            data.put("percentOfTarget", received / target * 100);
            message.append(" ").append(Figures.percent(received / target * 100)).append(" of the ")
                    .append(Figures.rate(target)).append(" target;");
        }
        if (burst != null) {
            data.put("burstLimitBitsPerSecond", burst);
            data.put("percentOfBurstLimit", received / burst * 100);
            message.append(" ").append(Figures.percent(received / burst * 100)).append(" of the ")
                    .append(Figures.rate(burst)).append(" burst limit");
        }
        if (baseline != null && baseline > 0) {
            data.put("baselineBitsPerSecond", baseline);
            data.put("percentOfBaseline", received / baseline * 100);
            message.append(burst != null ? ", " : " ").append(Figures.percent(received / baseline * 100))
                    .append(" of the ").append(Figures.rate(baseline)).append(" baseline");
        }
        boolean atCap = burst != null && received >= AllowanceRule.CEILING_SHARE * burst;
        data.put("atCap", atCap);
        if (atCap) {
            message.append(". The run is at the cap: it measures the instance's limit, not the driver; compare "
                    + "drivers on runs below it (fewer streams, a -b target, or a larger instance)");
        }
        return Optional.of(new Finding(run.id(), "percent-of-limit", Finding.INFO, message + ".", data));
    }
}
