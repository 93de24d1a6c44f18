package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * unstable: the per-interval throughput varies by more than {@value #MAX_CV} (coefficient of variation), or TCP
 * retransmits more than {@value #MAX_RETRANSMITS_PER_GB} segments per GB received (about 0.14% of 1448-byte
 * segments). Either makes a single run a poor basis for a comparison.
 */
final class StabilityRule {
    static final double MAX_CV = 0.10;
    static final double MAX_RETRANSMITS_PER_GB = 1000;

    private StabilityRule() {
    }

    static Optional<Finding> of(RunSummary run, SeriesFigures series) {
        double cv = series.coefficientOfVariation();
        Double perGb = AllowanceRule.retransmitsPerGigabyte(run);
        boolean variable = series.size() >= 3 && cv > MAX_CV;
        boolean lossy = perGb != null && perGb > MAX_RETRANSMITS_PER_GB;
        if (!variable && !lossy) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("coefficientOfVariation", cv);
        data.put("intervals", series.size());
        data.put("retransmitsPerGB", perGb);
        StringBuilder message = new StringBuilder("Unstable run: ");
        if (variable) {
            message.append("per-interval throughput varies by ").append(Figures.percent(cv * 100))
                    .append(" (coefficient of variation)");
        }
        if (lossy) {
            message.append(variable ? "; " : "").append(String.format(java.util.Locale.ROOT,
                    "%.0f retransmits per GB", perGb));
        }
        message.append(". Repeat it, and look for competing traffic or a noisy neighbour, before trusting it.");
        return Optional.of(new Finding(run.id(), "unstable", Finding.WARNING, message.toString(), data));
    }
}
