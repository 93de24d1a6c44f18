package com.burstline.server.report;

import com.burstline.server.analysis.Figures;
import com.burstline.server.analysis.Finding;
import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The Analysis section in sentences: how close the runs came to the limit, each comparison's verdict, and every
 * warning the findings raised, named by scenario and run so that a reader can look it up.
 */
final class AnalysisText {
    private AnalysisText() {
    }

    static List<String> write(ComparisonResult comparison, List<Finding> findings, List<RunSummary> runs) {
        Map<Long, RunSummary> byId = runs.stream().collect(Collectors.toMap(RunSummary::id, Function.identity()));
        List<String> lines = new ArrayList<>();
        limitSentence(runs).ifPresent(lines::add);
        comparison.scenarios().stream().filter(scenario -> scenario.comparison() != null)
                .forEach(scenario -> lines.add(capitalize(scenario.comparison().verdict()) + "."));
        findings.stream().filter(finding -> !"percent-of-limit".equals(finding.kind()))
                // A sender short of its target first: the loss and limits after it are of what was sent.
                .sorted(Comparator.comparing((Finding finding) -> !"sender-limited".equals(finding.kind()))
                        .thenComparing(Finding::kind).thenComparing(Finding::runId))
                .forEach(finding -> lines.add("**" + finding.kind() + "** — " + name(byId.get(finding.runId()))
                        + " (run " + finding.runId() + "): " + finding.message()));
        if (lines.isEmpty()) {
            lines.add("Nothing stands out: no run was limited by its sender, unstable, or cut short by its allowance.");
        }
        return lines;
    }

    private static java.util.Optional<String> limitSentence(List<RunSummary> runs) {
        List<RunSummary> limited = runs.stream().filter(run -> run.percentOfBurstLimit() != null).toList();
        if (limited.isEmpty()) {
            return java.util.Optional.empty();
        }
        RunSummary best = limited.stream().max(Comparator.comparing(RunSummary::percentOfBurstLimit)).orElseThrow();
        RunSummary worst = limited.stream().min(Comparator.comparing(RunSummary::percentOfBurstLimit)).orElseThrow();
        return java.util.Optional.of("Closest to the burst limit: " + name(best) + " at "
                + Figures.rate(best.receivedBitsPerSecond()) + " (" + Figures.percent(best.percentOfBurstLimit())
                + " of " + Figures.rate(best.burstLimitBitsPerSecond()) + "); furthest: " + name(worst) + " at "
                + Figures.rate(worst.receivedBitsPerSecond()) + " (" + Figures.percent(worst.percentOfBurstLimit())
                + ").");
    }

    private static String name(RunSummary run) {
        return run.scenario() + " " + run.direction() + (run.driver() == null ? "" : " with " + run.driver());
    }

    private static String capitalize(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
