package com.burstline.server.compare;

import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** One group's figures: received throughput statistics and the means of the other per-run figures. */
final class GroupFigures {
    private GroupFigures() {
    }

    static ComparisonResult.Group of(String name, String label, List<RunSummary> runs) {
        Statistics.Summary stats = Statistics.summarize(received(runs));
        boolean udp = runs.stream().allMatch(run -> "UDP".equals(run.protocol()));
        return new ComparisonResult.Group(name, stats.n(), stats.mean(), stats.median(), stats.min(), stats.max(),
                stats.stddev(), stats.ci95Low() == null ? null : Math.max(0, stats.ci95Low()), stats.ci95High(),
                stats.ci95Low() != null && stats.ci95Low() < 0,
                mean(runs, run -> run.retransmits() == null ? null : run.retransmits().doubleValue()),
                udp ? mean(runs, RunSummary::jitterMs) : null,
                udp ? mean(runs, RunSummary::lostPercent) : null,
                mean(runs, RunSummary::percentOfBurstLimit),
                mean(runs, GroupFigures::percentOfBaseline),
                mean(runs, RunSummary::burstLimitBitsPerSecond),
                mean(runs, RunSummary::baselineBitsPerSecond),
                runs.stream().map(RunSummary::id).toList(),
                mean(runs, RunSummary::reverseReceivedBitsPerSecond), label,
                udp ? mean(runs, RunSummary::sentBitsPerSecond) : null,
                udp ? mean(runs, RunSummary::percentOfTarget) : null);
    }

    static double[] received(List<RunSummary> runs) {
        return runs.stream().mapToDouble(RunSummary::receivedBitsPerSecond).toArray();
    }

    static Double percentOfBaseline(RunSummary run) {
        Double baseline = run.baselineBitsPerSecond();
        return baseline == null || baseline == 0 ? null : run.receivedBitsPerSecond() / baseline * 100;
    }

    /** The mean over the runs that have the figure; null when none has it. */
    private static Double mean(List<RunSummary> runs, Function<RunSummary, Double> figure) {
        double[] values = runs.stream().map(figure).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                .toArray();
        return values.length == 0 ? null : Statistics.mean(values);
    }
}
