package com.burstline.server.compare;

import com.burstline.server.catalog.NetworkLimits;
import com.burstline.server.hostconfig.ConfigDifferences;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.hostconfig.RunConfigLookup;
import com.burstline.server.latency.RunLatencies;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunSummary;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/** Groups the selected runs by scenario and by the chosen dimension, and compares the groups. */
@Service
public class Comparisons {
    /** A comparison reads every selected summary; past this many the selection should be narrowed instead. */
    public static final int MAX_RUNS = 5000;

    private final RunSelections selections;
    private final Verdicts verdicts;
    private final double practicalPercent;
    private final PeerLimits peerLimits;
    private final RunConfigLookup configs;
    private final RunLatencies latencies;
    private final LatencyComparisons latencyComparisons;

    Comparisons(RunSelections selections,
                @Value("${burstline.compare.practical-difference-percent:1}") double practicalPercent,
                PeerLimits peerLimits, RunConfigLookup configs, RunLatencies latencies) {
        this.selections = selections;
        this.configs = configs;
        this.verdicts = new Verdicts(practicalPercent);
        this.practicalPercent = practicalPercent;
        this.peerLimits = peerLimits;
        this.latencies = latencies;
        this.latencyComparisons = new LatencyComparisons(verdicts, practicalPercent);
    }

    public ComparisonResult compare(SelectionQuery query) {
        return compare(query, selections.summaries(query.selection(), MAX_RUNS));
    }

    /** Compares runs already read (the report reads them once for all its parts). */
    public ComparisonResult compare(SelectionQuery query, List<RunSummary> runs) {
        GroupBy groupBy = query.groupBy() == null ? GroupBy.DRIVER : query.groupBy();
        List<Long> ids = runs.stream().map(RunSummary::id).toList();
        HostConfigs.RunConfigs hosts = configs.ofRuns(ids);
        // a run whose output holds no received rate (UDP before iperf3 3.11, UDP_RR): no throughput to compare
        Map<ComparisonKey, Map<String, List<RunSummary>>> byScenario = grouped(runs, query, groupBy, hosts,
                run -> run.figures().receivedBitsPerSecond() != null);
        List<ComparisonResult.Scenario> scenarios = new ArrayList<>();
        Map<String, Optional<NetworkLimits>> peers = new HashMap<>(); // one agent look-up per peer, not per scenario
        byScenario.forEach((key, groups) -> scenarios.add(scenario(key, groups, groupBy,
                query, peer -> peers.computeIfAbsent(peer, peerLimits::of), hosts)));
        Map<Long, RunLatency> latency = latencies.summaries(ids);
        return new ComparisonResult(groupBy.apiName(), scenarios, latencyComparisons.compare(
                grouped(runs, query, groupBy, hosts, run -> LatencyComparisons.figure(latency.get(run.id())) != null),
                latency, groupBy, query.baseline(), name -> groupBy == GroupBy.CONFIG ? query.fact().label(name)
                        : groupBy.label(name)));
    }

    /** The runs that {@code compared} keeps, by scenario and by group, each scenario's groups in their order. */
    private static Map<ComparisonKey, Map<String, List<RunSummary>>> grouped(
            List<RunSummary> runs, SelectionQuery query, GroupBy groupBy, HostConfigs.RunConfigs hosts,
            Predicate<RunSummary> compared) {
        Map<ComparisonKey, Map<String, List<RunSummary>>> byScenario = new TreeMap<>(ComparisonKey.ORDER);
        for (RunSummary run : runs) {
            if (!compared.test(run)) {
                continue;
            }
            List<String> keys = groupBy != GroupBy.CONFIG ? groupBy.keysOf(run) : List.of(Objects.requireNonNullElse(
                    hosts.fact(run.id(), query.fact().role(), query.fact().name()), GroupBy.NONE));
            // Distinct: two tags of one run may match the same requested group, and the run counts once in it.
            keys.stream().map(key -> query.groups().isEmpty() ? key : query.groupOf(key))
                    .filter(Objects::nonNull).distinct()
                    .forEach(group -> byScenario.computeIfAbsent(ComparisonKey.of(run, groupBy), k -> new TreeMap<>())
                            .computeIfAbsent(group, k -> new ArrayList<>()).add(run));
        }
        byScenario.replaceAll((key, groups) -> ordered(groups, query, groupBy));
        return byScenario;
    }

    private ComparisonResult.Scenario scenario(ComparisonKey key, Map<String, List<RunSummary>> groups,
                                               GroupBy groupBy, SelectionQuery query, PeerLimits peers,
                                               HostConfigs.RunConfigs hosts) {
        List<ComparisonResult.Group> figures = new ArrayList<>();
        groups.forEach((name, runs) -> figures.add(GroupFigures.of(name, groupBy == GroupBy.CONFIG
                ? query.fact().label(name) : groupBy.label(name), runs)));
        ComparisonResult.Comparison comparison = null;
        if (figures.size() == 2) {
            // Grouped by direction both sides are one driver's: the explanation says which limit could make them
            // differ. Any other grouping compares what is under test, so only the driver's figures may be compared.
            boolean swap = query.baseline() != null && query.baseline().equals(figures.get(1).group());
            List<RunSummary> base = groups.get(figures.get(swap ? 1 : 0).group());
            List<RunSummary> other = groups.get(figures.get(swap ? 0 : 1).group());
            comparison = compare(figures.get(swap ? 1 : 0), base, figures.get(swap ? 0 : 1), other, key.label(),
                    groupBy == GroupBy.DIRECTION ? (kind, delta) -> AsymmetryExplanation.of(kind,
                            Math.abs(delta) >= practicalPercent, groups.get("upload"), groups.get("download"),
                            peers.of(groups.get("upload").get(0).labels().peer())) : null,
                    new OtherDifferences(hosts, groupBy, query.fact()), groupBy != GroupBy.DIRECTION);
        }
        // A scenario without its twin is what it is: one direction, not "upload vs download".
        String direction = groupBy == GroupBy.DIRECTION && figures.size() == 1 ? figures.get(0).group()
                : key.direction();
        String name = ComparisonText.name(key);
        return new ComparisonResult.Scenario(key.protocol(), direction, key.streams(), key.targetBitsPerSecond(),
                figures, comparison, key.pair(), name, ComparisonText.label(name, direction, key.pair()),
                ComparisonText.tick(name, direction, key.pair()));
    }

    private ComparisonResult.Comparison compare(ComparisonResult.Group baseFigures, List<RunSummary> base,
                                                ComparisonResult.Group otherFigures, List<RunSummary> other,
                                                String label,
                                                BiFunction<Verdicts.Kind, Double, String> explanation,
                                                OtherDifferences others, boolean onlyTheDriver) {
        Statistics.Difference difference = Statistics.compare(GroupFigures.received(base),
                GroupFigures.received(other));
        Verdicts.Sides sides = new Verdicts.Sides(baseFigures.label(), otherFigures.label(), base.size(),
                other.size(), baseFigures.meanShareOfBurstLimit(), otherFigures.meanShareOfBurstLimit());
        Verdicts.Verdict verdict = onlyTheDriver ? verdicts.verdict(sides, base, other, difference, label)
                : verdicts.verdict(sides, difference, label);
        ConfigDifferences configuration = others.between(base, baseFigures.label(), other, otherFigures.label());
        return new ComparisonResult.Comparison(baseFigures.group(), otherFigures.group(), difference.deltaPercent(),
                difference.ci95LowPercent(), difference.ci95HighPercent(), difference.pValue(),
                configuration.qualify(verdict.text(), others.dimension()), verdict.kind().apiName(), practicalPercent,
                explanation == null ? null : explanation.apply(verdict.kind(), difference.deltaPercent()),
                configuration);
    }

    /**
     * Requested groups keep the order they were asked in; otherwise alphabetical (the TreeMap's order), but upload
     * before download, so that "download is 20 % slower" reads against upload as the baseline.
     */
    private static Map<String, List<RunSummary>> ordered(Map<String, List<RunSummary>> groups, SelectionQuery query,
                                                         GroupBy groupBy) {
        List<String> order = !query.groups().isEmpty() ? query.groups()
                : groupBy == GroupBy.DIRECTION ? List.of("upload", "download") : null;
        if (order == null) {
            return groups;
        }
        Map<String, List<RunSummary>> ordered = new LinkedHashMap<>();
        order.stream().filter(groups::containsKey).forEach(name -> ordered.put(name, groups.get(name)));
        return ordered;
    }
}
