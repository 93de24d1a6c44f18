package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.SeriesFigures;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * unstable: the per-interval throughput varies by more than {@link Thresholds#UNSTABLE_CV} (coefficient of
 * variation), or TCP retransmits more than {@link Thresholds#UNSTABLE_RETRANSMITS}. Either makes a single run a poor
 * basis for a comparison (the catalog's {@link FindingKind#UNSTABLE}).
 */
final class StabilityRule {
    private StabilityRule() {
    }

    static Optional<Finding> of(RunSummary run, SeriesFigures series) {
        double cv = series.coefficientOfVariation();
        Double perGb = run.measurement().retransmitsPerGigabyte();
        boolean variable = series.size() >= 3 && cv > Thresholds.fraction(Thresholds.UNSTABLE_CV);
        boolean lossy = perGb != null && perGb > Thresholds.UNSTABLE_RETRANSMITS.value();
        if (!variable && !lossy) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("coefficientOfVariation", cv);
        data.put("intervals", series.size());
        data.put("retransmitsPerGB", perGb);
        StringBuilder headline = new StringBuilder("Unstable run: ");
        if (variable) {
            headline.append("per-interval throughput varies by ").append(FigureText.percent(cv * 100))
                    .append(" (coefficient of variation)");
        }
        if (lossy) {
            headline.append(variable ? "; " : "").append(String.format(java.util.Locale.ROOT,
                    "%.0f retransmits per GB", perGb));
        }
        return Optional.of(Finding.of(run.id(), FindingKind.UNSTABLE, headline + ".",
                "Repeat it, and look for competing traffic or a noisy neighbour, before trusting it.", data));
    }
}
