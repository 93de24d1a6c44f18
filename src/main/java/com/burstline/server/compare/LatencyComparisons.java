package com.burstline.server.compare;

import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Compares the groups on a latency figure, with the throughput comparison's statistics and verdict rules, turned:
 * lower is better. Beside a throughput scenario the figure is the loaded-latency probe's p99 under load (what a
 * driver adds under load); a request/response scenario's is its transactions' p99.
 */
final class LatencyComparisons {
    static final String LOADED_P99 = "loaded-p99";
    static final String TRANSACTIONS_P99 = "transactions-p99";

    private final Verdicts verdicts;
    private final double practicalPercent;

    LatencyComparisons(Verdicts verdicts, double practicalPercent) {
        this.verdicts = verdicts;
        this.practicalPercent = practicalPercent;
    }

    /** The run's figure in ms: its transactions' p99, else its loaded p99; null when it has neither. */
    static Double figure(RunLatency latency) {
        if (latency == null) {
            return null;
        }
        if (latency.transactions() != null) {
            return latency.transactions().p99Ms();
        }
        return latency.loaded() == null ? null : latency.loaded().p99Ms();
    }

    List<ComparisonResult.LatencyScenario> compare(Map<ComparisonKey, Map<String, List<RunSummary>>> byScenario,
                                                   Map<Long, RunLatency> latency, GroupBy groupBy, String baseline,
                                                   Function<String, String> label) {
        List<ComparisonResult.LatencyScenario> scenarios = new ArrayList<>();
        byScenario.forEach((key, groups) -> {
            List<ComparisonResult.LatencyGroup> figures = new ArrayList<>();
            groups.forEach((name, runs) -> figures.add(group(name, label.apply(name), runs, latency)));
            ComparisonResult.Comparison comparison = null;
            if (figures.size() == 2) {
                boolean swap = baseline != null && baseline.equals(figures.get(1).group());
                comparison = comparison(figures.get(swap ? 1 : 0), figures.get(swap ? 0 : 1),
                        groups.get(figures.get(swap ? 1 : 0).group()), groups.get(figures.get(swap ? 0 : 1).group()),
                        key, latency, groupBy != GroupBy.DIRECTION);
            }
            String figure = latency.get(groups.values().iterator().next().get(0).id()).transactions() != null
                    ? TRANSACTIONS_P99 : LOADED_P99;
            String direction = groupBy == GroupBy.DIRECTION && figures.size() == 1 ? figures.get(0).group()
                    : key.direction();
            String name = ComparisonText.name(key);
            scenarios.add(new ComparisonResult.LatencyScenario(key.protocol(), direction, key.streams(),
                    key.targetBitsPerSecond(), figure, figures, comparison, name,
                    key.protocol().requestResponse() ? name + (key.pair() == null ? "" : " (" + key.pair() + ")")
                            : ComparisonText.label(name, direction, key.pair()),
                    TRANSACTIONS_P99.equals(figure) ? "transactions p99" : "p99 under load"));
        });
        return scenarios;
    }

    private static ComparisonResult.LatencyGroup group(String name, String label, List<RunSummary> runs,
                                                       Map<Long, RunLatency> latency) {
        Statistics.Summary stats = Statistics.summarize(values(runs, latency));
        double[] idle = runs.stream().map(run -> latency.get(run.id()).idle()).filter(Objects::nonNull)
                .map(RunLatency.Figures::p99Ms).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
        Double idleP99 = idle.length == 0 ? null : Statistics.mean(idle);
        List<Long> ids = runs.stream().map(RunSummary::id).toList();
        return new ComparisonResult.LatencyGroup(name, label, stats.n(), stats.mean(), stats.median(), stats.min(),
                stats.max(), stats.stddev(), stats.ci95Low() == null ? null : Math.max(0, stats.ci95Low()),
                stats.ci95High(), idleP99, ids, ComparisonText.latencyGroup(stats, idleP99, ids));
    }

    private ComparisonResult.Comparison comparison(ComparisonResult.LatencyGroup base,
                                                   ComparisonResult.LatencyGroup other, List<RunSummary> baseRuns,
                                                   List<RunSummary> otherRuns, ComparisonKey key,
                                                   Map<Long, RunLatency> latency, boolean onlyTheDriver) {
        Statistics.Difference difference = Statistics.compare(values(baseRuns, latency), values(otherRuns, latency));
        Verdicts.Sides sides = new Verdicts.Sides(base.label(), other.label(), base.n(), other.n(),
                meanPercentOfBurst(baseRuns), meanPercentOfBurst(otherRuns));
        String scenario = key.label() + " (p99 round trip)";
        // The latency under load rides on the bulk traffic: where the cap, the sender, the receiver or the path
        // decided that traffic, they set the queue the probe measures as much as the driver does. A request/response
        // scenario has no bulk traffic (its verdict is always unknown): its own statistics speak. Grouped by
        // direction both sides are one driver's, as for throughput.
        Verdicts.Verdict verdict = onlyTheDriver && !key.protocol().requestResponse()
                ? verdicts.verdict(sides, baseRuns, otherRuns, difference, scenario, Verdicts.Wording.LATENCY)
                : verdicts.verdict(sides, difference, scenario, Verdicts.Wording.LATENCY);
        return new ComparisonResult.Comparison(base.group(), other.group(), difference.deltaPercent(),
                difference.ci95LowPercent(), difference.ci95HighPercent(), difference.pValue(), verdict.text(),
                verdict.kind().apiName(), practicalPercent, null, null); // host differences: the throughput's
    }

    private static double[] values(List<RunSummary> runs, Map<Long, RunLatency> latency) {
        return runs.stream().mapToDouble(run -> figure(latency.get(run.id()))).toArray();
    }

    private static Double meanPercentOfBurst(List<RunSummary> runs) {
        double[] values = runs.stream().map(run -> run.measurement().shareOfBurstLimit()).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).toArray();
        return values.length == 0 ? null : Statistics.mean(values);
    }
}
