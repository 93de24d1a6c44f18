package com.burstline.server.report;

import com.burstline.server.compare.ComparisonResult;

import java.util.Locale;

/** How the report heads its rows: a direction with a capital, as the seed article's tables write it. */
final class ReportFormat {
    private ReportFormat() {
    }

    /** One latency scenario and group as the report's latency table shows it: the comparison's own words. */
    static Report.LatencyRow latency(ComparisonResult.LatencyScenario scenario, ComparisonResult.LatencyGroup group,
                                     boolean grouped) {
        String spread = group.ci95Low() == null ? "" : " (95% CI " + group.text().interval() + ")";
        return new Report.LatencyRow(grouped ? group.label() : null, scenario.name(),
                direction(scenario.direction()), scenario.figureText(), group.text().mean() + spread, group.text().idleP99(),
                String.valueOf(group.n()));
    }

    static String direction(String direction) {
        return direction.substring(0, 1).toUpperCase(Locale.ROOT) + direction.substring(1);
    }
}
