package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** percent-of-limit: received throughput against the burst limit and the baseline. */
final class LimitRules {
    private LimitRules() {
    }

    static Optional<Finding> percentOfLimit(RunSummary run) {
        Double burst = run.burstLimitBitsPerSecond();
        Double baseline = run.baselineBitsPerSecond();
        if (burst == null && baseline == null) {
            return Optional.empty();
        }
        double received = run.receivedBitsPerSecond();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("receivedBitsPerSecond", received);
        StringBuilder message = new StringBuilder("Received " + Figures.rate(received));
        if (burst != null) {
            data.put("burstLimitBitsPerSecond", burst);
            data.put("percentOfBurstLimit", received / burst * 100);
            message.append(": ").append(Figures.percent(received / burst * 100)).append(" of the ")
                    .append(Figures.rate(burst)).append(" burst limit");
        }
        if (baseline != null && baseline > 0) {
            data.put("baselineBitsPerSecond", baseline);
            data.put("percentOfBaseline", received / baseline * 100);
            message.append(burst != null ? ", " : ": ").append(Figures.percent(received / baseline * 100))
                    .append(" of the ").append(Figures.rate(baseline)).append(" baseline");
        }
        return Optional.of(new Finding(run.id(), "percent-of-limit", Finding.INFO, message + ".", data));
    }
}
