package com.burstline.server.compare;

import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Groups the selected runs by scenario and by the chosen dimension, and compares the groups. */
@Service
public class Comparisons {
    /** A comparison reads every selected summary; past this many the selection should be narrowed instead. */
    public static final int MAX_RUNS = 5000;

    private final RunSelections selections;

    Comparisons(RunSelections selections) {
        this.selections = selections;
    }

    public ComparisonResult compare(SelectionQuery query) {
        return compare(query, selections.summaries(query.selection(), MAX_RUNS));
    }

    /** Compares runs already read (the report reads them once for all its parts). */
    public ComparisonResult compare(SelectionQuery query, List<RunSummary> runs) {
        GroupBy groupBy = query.groupBy() == null ? GroupBy.DRIVER : query.groupBy();
        Map<ComparisonKey, Map<String, List<RunSummary>>> byScenario = new TreeMap<>(ComparisonKey.ORDER);
        for (RunSummary run : runs) {
            for (String key : groupBy.keysOf(run)) {
                if (query.groups().isEmpty() || query.groups().contains(key)) {
                    byScenario.computeIfAbsent(ComparisonKey.of(run), k -> new TreeMap<>())
                            .computeIfAbsent(key, k -> new ArrayList<>()).add(run);
                }
            }
        }
        List<ComparisonResult.Scenario> scenarios = new ArrayList<>();
        byScenario.forEach((key, groups) -> scenarios.add(scenario(key, ordered(groups, query), query)));
        return new ComparisonResult(groupBy.apiName(), scenarios);
    }

    private static ComparisonResult.Scenario scenario(ComparisonKey key, Map<String, List<RunSummary>> groups,
                                                      SelectionQuery query) {
        List<ComparisonResult.Group> figures = new ArrayList<>();
        groups.forEach((name, runs) -> figures.add(GroupFigures.of(name, runs)));
        ComparisonResult.Comparison comparison = null;
        if (figures.size() == 2) {
            boolean swap = query.baseline() != null && query.baseline().equals(figures.get(1).group());
            List<RunSummary> base = groups.get(figures.get(swap ? 1 : 0).group());
            List<RunSummary> other = groups.get(figures.get(swap ? 0 : 1).group());
            comparison = compare(figures.get(swap ? 1 : 0).group(), base, figures.get(swap ? 0 : 1).group(), other,
                    key.label());
        }
        return new ComparisonResult.Scenario(key.protocol(), key.direction(), key.streams(),
                key.targetBitsPerSecond(), figures, comparison);
    }

    private static ComparisonResult.Comparison compare(String baseName, List<RunSummary> base, String otherName,
                                                       List<RunSummary> other, String label) {
        Statistics.Difference difference = Statistics.compare(GroupFigures.received(base),
                GroupFigures.received(other));
        String verdict = Verdicts.verdict(baseName, otherName, base.size(), other.size(), difference, label);
        return new ComparisonResult.Comparison(baseName, otherName, difference.deltaPercent(),
                difference.ci95LowPercent(), difference.ci95HighPercent(), difference.pValue(), verdict);
    }

    /** Requested groups keep the order they were asked in; otherwise alphabetical (the TreeMap's order). */
    private static Map<String, List<RunSummary>> ordered(Map<String, List<RunSummary>> groups, SelectionQuery query) {
        if (query.groups().isEmpty()) {
            return groups;
        }
        Map<String, List<RunSummary>> ordered = new LinkedHashMap<>();
        query.groups().stream().filter(groups::containsKey).forEach(name -> ordered.put(name, groups.get(name)));
        return ordered;
    }
}
