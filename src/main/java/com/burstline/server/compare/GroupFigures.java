package com.burstline.server.compare;

import com.burstline.contract.Protocol;
import com.burstline.server.catalog.VerdictStep;
import com.burstline.server.run.RunSummary;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One group's figures: received throughput statistics, the means of the other per-run figures, what decided its runs
 * (their verdicts, counted) and all of it in words.
 */
final class GroupFigures {
    private GroupFigures() {
    }

    static ComparisonResult.Group of(String name, String label, List<RunSummary> runs) {
        Statistics.Summary stats = Statistics.summarize(received(runs));
        boolean udp = runs.stream().allMatch(RunSummary::udp);
        ComparisonText.Means means = new ComparisonText.Means(
                udp ? mean(runs, run -> run.figures().sentBitsPerSecond()) : null,
                udp ? mean(runs, run -> run.measurement().sentShareOfTarget()) : null,
                mean(runs, run -> run.measurement().shareOfBurstLimit()),
                mean(runs, run -> run.measurement().shareOfBaseline()),
                mean(runs, run -> run.figures().retransmits() == null ? null
                        : run.figures().retransmits().doubleValue()),
                udp ? mean(runs, run -> run.figures().lostPercent()) : null,
                udp ? mean(runs, run -> run.figures().jitterMs()) : null,
                mean(runs, run -> run.figures().reverseReceivedBitsPerSecond()));
        List<Long> ids = runs.stream().map(RunSummary::id).toList();
        List<ComparisonResult.VerdictCount> verdicts = verdicts(runs);
        return new ComparisonResult.Group(name, stats.n(), stats.mean(), stats.median(), stats.min(), stats.max(),
                stats.stddev(), stats.ci95Low() == null ? null : Math.max(0, stats.ci95Low()), stats.ci95High(),
                stats.ci95Low() != null && stats.ci95Low() < 0, means.retransmits(), means.jitter(), means.lost(),
                means.shareOfBurstLimit(), means.shareOfBaseline(),
                mean(runs, run -> run.limits().burstLimitBitsPerSecond()),
                mean(runs, run -> run.limits().baselineBitsPerSecond()), ids, means.reverse(), label, means.sent(),
                means.sentShareOfTarget(), verdicts,
                ComparisonText.group(udp ? Protocol.UDP : Protocol.TCP, stats, means, ids, verdicts));
    }

    static double[] received(List<RunSummary> runs) {
        return runs.stream().mapToDouble(run -> run.figures().receivedBitsPerSecond()).toArray();
    }

    /** What decided the group's runs, each step with how many runs it decided, in the decision's order. */
    static List<ComparisonResult.VerdictCount> verdicts(List<RunSummary> runs) {
        Map<VerdictStep, Integer> counts = new EnumMap<>(VerdictStep.class);
        runs.forEach(run -> counts.merge(run.verdict().id(), 1, Integer::sum));
        return counts.entrySet().stream().map(entry -> new ComparisonResult.VerdictCount(entry.getKey(),
                entry.getKey().words(), entry.getValue())).toList();
    }

    /** The mean over the runs that have the figure; null when none has it. */
    private static Double mean(List<RunSummary> runs, Function<RunSummary, Double> figure) {
        double[] values = runs.stream().map(figure).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                .toArray();
        return values.length == 0 ? null : Statistics.mean(values);
    }
}
