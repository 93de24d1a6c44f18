package com.burstline.server.report;

import com.burstline.server.analysis.Finding;
import com.burstline.server.analysis.FindingSummary;
import com.burstline.server.analysis.FindingsOnceEach;
import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * The Analysis section as data: each comparison's verdict, then the findings once each in the job page's order and
 * words ({@link FindingsOnceEach}), with the runs they stand for, since a report has no rows to badge. The Markdown
 * and HTML reports each render these lines their own way, never by reading their words back.
 */
final class AnalysisText {
    private AnalysisText() {
    }

    static List<Report.AnalysisLine> write(ComparisonResult comparison, List<Finding> findings,
                                           List<RunSummary> runs) {
        List<Report.AnalysisLine> lines = new ArrayList<>();
        comparison.scenarios().stream().filter(scenario -> scenario.comparison() != null)
                .forEach(scenario -> lines.add(new Report.AnalysisLine(null,
                        capitalize(scenario.comparison().verdict()) + "." + differences(scenario.comparison()))));
        comparison.latency().stream().filter(scenario -> scenario.comparison() != null)
                .forEach(scenario -> lines.add(new Report.AnalysisLine(null,
                        "Latency: " + scenario.comparison().verdict() + ".")));
        FindingsOnceEach.of(runs, findings, AnalysisText::scenario).forEach(summary -> lines.add(line(summary)));
        if (lines.isEmpty()) {
            lines.add(new Report.AnalysisLine(null, "Nothing stands out: no run was limited by its sender, unstable, "
                    + "or cut short by its allowance."));
        }
        return lines;
    }

    /** "packet-loss": "UDP 1 Gbit/s upload; UDP 5 Gbit/s upload (2 runs). In the first (run 5): …". */
    private static Report.AnalysisLine line(FindingSummary summary) {
        long first = summary.runIds().get(0);
        String text = summary.summed() ? summary.message() : summary.runIds().size() == 1
                ? summary.covers() + " (run " + first + "): " + summary.message()
                : summary.covers() + " (" + summary.runIds().size() + " runs). In the first (run " + first + "): "
                        + summary.message();
        return new Report.AnalysisLine(summary.kind(), text);
    }

    /** " Host settings that also differ: MTU on the SUT: 1500 (job #1) vs 9000 (job #2)." */
    private static String differences(ComparisonResult.Comparison comparison) {
        List<String> texts = comparison.configuration().differences().stream()
                .map(com.burstline.server.hostconfig.ConfigDifferences.Difference::text).toList();
        return texts.isEmpty() ? "" : " Host settings that also differ: " + String.join("; ", texts) + ".";
    }

    private static String scenario(RunSummary run) {
        return run.scenario().name();
    }

    private static String capitalize(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
