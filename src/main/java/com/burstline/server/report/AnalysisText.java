package com.burstline.server.report;

import com.burstline.server.analysis.Figures;
import com.burstline.server.analysis.Finding;
import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The Analysis section in sentences: how close the runs came to the limit, each comparison's verdict, then each kind
 * of finding once, naming the scenarios it covers, as the job page lists them: a sender short of its target first
 * (the loss and limits after it are of what was sent), then warnings, then notes. The first run's sentence stands
 * for the kind; each run's own is on its page.
 */
final class AnalysisText {
    private static final String SENDER_LIMITED = "sender-limited";

    private AnalysisText() {
    }

    static List<String> write(ComparisonResult comparison, List<Finding> findings, List<RunSummary> runs) {
        Map<Long, RunSummary> byId = runs.stream().collect(Collectors.toMap(RunSummary::id, Function.identity()));
        List<String> lines = new ArrayList<>();
        limitSentence(runs).ifPresent(lines::add);
        comparison.scenarios().stream().filter(scenario -> scenario.comparison() != null)
                .forEach(scenario -> lines.add(capitalize(scenario.comparison().verdict()) + "."));
        Set<String> everyScenario = runs.stream().map(AnalysisText::scenario).collect(Collectors.toSet());
        Map<String, List<Finding>> byKind = new LinkedHashMap<>();
        findings.stream().filter(finding -> !"percent-of-limit".equals(finding.kind()))
                .sorted(Comparator.comparing(Finding::runId))
                .forEach(finding -> byKind.computeIfAbsent(finding.kind(), kind -> new ArrayList<>()).add(finding));
        byKind.values().stream().sorted(Comparator.comparing((List<Finding> kind) -> rank(kind))
                        .thenComparing(kind -> kind.get(0).kind()))
                .forEach(kind -> lines.add(line(kind, byId, everyScenario)));
        if (lines.isEmpty()) {
            lines.add("Nothing stands out: no run was limited by its sender, unstable, or cut short by its allowance.");
        }
        return lines;
    }

    /** "**packet-loss** — UDP 1 Gbit/s upload, UDP 5 Gbit/s upload. In the first (run 5): …" */
    private static String line(List<Finding> kind, Map<Long, RunSummary> runs, Set<String> everyScenario) {
        Set<String> covers = kind.stream().map(finding -> runs.get(finding.runId())).map(AnalysisText::scenario)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Finding first = kind.get(0);
        String who = covers.size() > 1 && covers.equals(everyScenario) ? "all " + covers.size() + " scenarios"
                : String.join(", ", covers);
        String sentence = kind.size() == 1 ? "(run " + first.runId() + "): " + first.message()
                : "(" + kind.size() + " runs). In the first (run " + first.runId() + "): " + first.message();
        return "**" + first.kind() + "** — " + who + " " + sentence;
    }

    private static int rank(List<Finding> kind) {
        if (SENDER_LIMITED.equals(kind.get(0).kind())) {
            return 0;
        }
        return kind.stream().anyMatch(finding -> Finding.WARNING.equals(finding.severity())) ? 1 : 2;
    }

    private static Optional<String> limitSentence(List<RunSummary> runs) {
        // UDP is judged against its own target (the UDP table's % of target), never against the burst limit.
        List<RunSummary> limited = runs.stream().filter(run -> run.percentOfBurstLimit() != null)
                .filter(run -> !"UDP".equals(run.protocol())).toList();
        if (limited.isEmpty()) {
            return Optional.empty();
        }
        RunSummary best = limited.stream().max(Comparator.comparing(RunSummary::percentOfBurstLimit)).orElseThrow();
        RunSummary worst = limited.stream().min(Comparator.comparing(RunSummary::percentOfBurstLimit)).orElseThrow();
        return Optional.of("Closest to the burst limit: " + name(best) + " at "
                + Figures.rate(best.receivedBitsPerSecond()) + " (" + Figures.percent(best.percentOfBurstLimit())
                + " of " + Figures.rate(best.burstLimitBitsPerSecond()) + "); furthest: " + name(worst) + " at "
                + Figures.rate(worst.receivedBitsPerSecond()) + " (" + Figures.percent(worst.percentOfBurstLimit())
                + ").");
    }

    private static String scenario(RunSummary run) {
        return run.scenario() + " " + run.direction();
    }

    private static String name(RunSummary run) {
        return scenario(run) + (run.driver() == null ? "" : " with " + run.driver());
    }

    private static String capitalize(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
