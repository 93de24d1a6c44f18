package com.burstline.server.report;

import com.burstline.server.compare.ComparisonResult;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The report's direction asymmetry line, from the comparison grouped by direction ({@code groupBy=direction}), which
 * pairs each upload with its download twin: the difference per scenario, its 95% interval when there are repeats,
 * and which limit could explain it (the burst limit holding both, a busy CPU, the peer's instance limits), as the
 * comparison's explanation words it.
 */
final class AsymmetryLine {
    private AsymmetryLine() {
    }

    static Optional<String> of(ComparisonResult byDirection) {
        List<ComparisonResult.Scenario> twins = byDirection.scenarios().stream()
                .filter(scenario -> scenario.comparison() != null).toList();
        if (twins.isEmpty()) {
            return Optional.empty();
        }
        boolean pairs = twins.stream().map(ComparisonResult.Scenario::pair).distinct().count() > 1;
        List<String> parts = twins.stream().map(scenario -> part(scenario, pairs)).toList();
        return Optional.of("Upload vs download, each scenario beside its twin: " + String.join("; ", parts) + ".");
    }

    private static String part(ComparisonResult.Scenario scenario, boolean pairs) {
        ComparisonResult.Comparison comparison = scenario.comparison();
        double delta = comparison.deltaPercent();
        String interval = comparison.ci95LowPercent() == null ? "" : String.format(Locale.ROOT,
                " (95%% interval %.1f to %.1f%%)", comparison.ci95LowPercent(), comparison.ci95HighPercent());
        String why = comparison.explanation() == null ? "" : ": " + comparison.explanation();
        return scenario.name() + (pairs ? " on " + scenario.pair() : "") + String.format(Locale.ROOT,
                " %s is %.1f%% %s than %s", comparison.other(), Math.abs(delta), delta >= 0 ? "faster" : "slower",
                comparison.baseline()) + interval + why;
    }
}
