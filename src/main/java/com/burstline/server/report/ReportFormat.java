package com.burstline.server.report;

import com.burstline.contract.Scenario;
import com.burstline.server.analysis.Figures;
import com.burstline.server.compare.ComparisonResult;

import java.util.Locale;

/**
 * How the report writes figures, so that a reader can match them with the runs' summaries: throughput with two
 * decimals (Gbit/s or Mbit/s), retransmits as a count, loss as a percent with two decimals, jitter in ms with three.
 * With more than one run per row the figure is the mean, and the row says so.
 */
final class ReportFormat {
    private ReportFormat() {
    }

    static String throughput(ComparisonResult.Group group) {
        String mean = Figures.rate(group.mean());
        return group.n() == 1 ? mean : mean + " (mean of " + group.n() + ")";
    }

    /** The mean share of the burst limit, one decimal; "—" when no limit is known. */
    static String percentOfBurst(Double percent) {
        return percent == null ? "—" : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    static String retransmits(ComparisonResult.Group group) {
        if (group.meanRetransmits() == null) {
            return "—";
        }
        return group.n() == 1 ? String.format(Locale.ROOT, "%.0f", group.meanRetransmits())
                : String.format(Locale.ROOT, "%.1f", group.meanRetransmits());
    }

    static String loss(ComparisonResult.Group group) {
        return group.meanLostPercent() == null ? "—" : String.format(Locale.ROOT, "%.2f%%", group.meanLostPercent());
    }

    static String jitter(ComparisonResult.Group group) {
        return group.meanJitterMs() == null ? "—" : String.format(Locale.ROOT, "%.3f ms", group.meanJitterMs());
    }

    /** As the seed article names scenarios: "TCP 1 stream", "TCP 4 streams", "UDP 1 Gbit/s". */
    static String scenario(ComparisonResult.Scenario scenario) {
        return Scenario.shortName(scenario.protocol(), scenario.streams(), scenario.targetBitsPerSecond());
    }

    /** A latency in milliseconds: three significant digits, "—" when unknown. */
    static String ms(Double ms) {
        if (ms == null) {
            return "—";
        }
        return String.format(Locale.ROOT, ms >= 100 ? "%.0f ms" : ms >= 10 ? "%.1f ms" : ms >= 1 ? "%.2f ms"
                : "%.3f ms", ms);
    }

    /** One latency scenario and group as the report's latency table shows it. */
    static Report.LatencyRow latency(ComparisonResult.LatencyScenario scenario, ComparisonResult.LatencyGroup group,
                                     boolean grouped) {
        String figure = "transactions-p99".equals(scenario.figure()) ? "transactions p99" : "p99 under load";
        String spread = group.ci95Low() == null ? "" : " (95% CI " + ms(group.ci95Low()) + "–" + ms(group.ci95High())
                + ")";
        return new Report.LatencyRow(grouped ? group.label() : null,
                Scenario.shortName(scenario.protocol(), scenario.streams(), scenario.targetBitsPerSecond()),
                direction(scenario.direction()), figure, ms(group.mean()) + spread, ms(group.meanIdleP99Ms()),
                String.valueOf(group.n()));
    }

    static String direction(String direction) {
        return direction.substring(0, 1).toUpperCase(Locale.ROOT) + direction.substring(1);
    }

    /** A target or limit as people say it: "1 Gbit/s", "512 Mbit/s". */
    static String rate(double bitsPerSecond) {
        if (bitsPerSecond >= 1_000_000_000L) {
            return trim(bitsPerSecond / 1e9) + " Gbit/s";
        }
        return trim(bitsPerSecond / 1e6) + " Mbit/s";
    }

    static String trim(double value) {
        return String.format(Locale.ROOT, "%.2f", value).replaceAll("\\.?0+$", "");
    }
}
