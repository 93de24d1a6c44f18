package com.burstline.server.report;

import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.hostconfig.ConfigDifferences;

/**
 * A comparison as CSV, one line per scenario and group with the figures of {@code GET /api/v1/compare} in its
 * names. The comparison's columns (delta to the baseline, its 95% interval, p-value, verdict, explanation) sit on
 * the compared group's line and stay empty on the baseline's, as do the host settings that differ between the
 * groups ({@code configDifferences}). TCP is judged against the burst limit, UDP against its
 * target by what was sent: each line fills its protocol's columns.
 */
final class ComparisonCsv {
    static final Object[] HEADER = {"scenario", "protocol", "direction", "streams", "targetBitsPerSecond", "pair",
            "group", "label", "n", "meanBitsPerSecond", "ci95LowBitsPerSecond", "ci95HighBitsPerSecond",
            "percentOfBurstLimit", "meanSentBitsPerSecond", "percentOfTarget", "meanRetransmits", "meanLostPercent",
            "baseline", "deltaPercent", "deltaCi95LowPercent", "deltaCi95HighPercent", "pValue", "verdict",
            "verdictKind", "explanation", "configDifferences"};

    private ComparisonCsv() {
    }

    static void write(ComparisonResult result, Csv csv) {
        csv.row(HEADER);
        for (ComparisonResult.Scenario scenario : result.scenarios()) {
            for (ComparisonResult.Group group : scenario.groups()) {
                csv.row(values(scenario, group));
            }
        }
    }

    /** "MTU on the SUT: 1500 (job #1) vs 9000 (job #2); GRO on the peer: …", empty when nothing else differs. */
    private static String differences(ComparisonResult.Comparison comparison) {
        return String.join("; ", comparison.configuration().differences().stream()
                .map(ConfigDifferences.Difference::text).toList());
    }

    private static Object[] values(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        boolean udp = "UDP".equals(scenario.protocol());
        ComparisonResult.Comparison c = scenario.comparison();
        boolean compared = c != null && c.other().equals(group.group());
        return new Object[]{ReportFormat.scenario(scenario), scenario.protocol(), scenario.direction(),
                scenario.streams(), scenario.targetBitsPerSecond(), scenario.pair(), group.group(), group.label(),
                group.n(), group.mean(), group.ci95Low(), group.ci95High(),
                udp ? null : group.meanPercentOfBurstLimit(), group.meanSentBitsPerSecond(),
                group.meanPercentOfTarget(), udp ? null : group.meanRetransmits(), group.meanLostPercent(),
                compared ? c.baseline() : null, compared ? c.deltaPercent() : null,
                compared ? c.ci95LowPercent() : null, compared ? c.ci95HighPercent() : null,
                compared ? c.pValue() : null, compared ? c.verdict() : null, compared ? c.verdictKind() : null,
                compared ? c.explanation() : null, compared ? differences(c) : null};
    }
}
