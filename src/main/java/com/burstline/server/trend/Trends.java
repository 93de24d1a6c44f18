package com.burstline.server.trend;

import com.burstline.server.compare.InvalidSelectionException;
import com.burstline.server.latency.RunLatencies;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunPoint;
import com.burstline.server.run.RunSelections;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A pair's series of one scenario over time and its change points, on its throughput and on its latency figure. The
 * selection must come down to one pair and one scenario: a series that mixed them would show the mix changing, not
 * the network.
 */
@Service
class Trends {
    static final int MIN_SEGMENT_RUNS = 3;
    static final int PERMUTATIONS = 499;
    static final double SIGNIFICANCE = 0.01;
    /**
     * Steps smaller than this share of the level before them are not reported: an unchanged link moves between runs
     * by a few percent, and on a steady series the permutation test calls even such a move significant.
     */
    static final double MIN_CHANGE_PERCENT = 5;
    /**
     * The same for a latency figure. A p99 is a tail and moves far more than throughput: the engine's UDP_RR p99 on
     * loopback went 0.106, 0.268, 0.144 ms in the three seconds of one run (src/test/resources/latency). Whole runs
     * move less than single seconds, but a step must still be a fifth of the level to be news; issue 31's driver
     * doubled it.
     */
    static final double MIN_LATENCY_CHANGE_PERCENT = 20;
    /**
     * A series without a change point is called steady only when every run lies within this share of its median:
     * iperf3's own pacing and a steady shaper keep repeated runs within a few percent, so a run 10 % off is news.
     */
    static final double MAX_STEADY_DEVIATION_PERCENT = 10;
    /** Fixed, so that the same series always gives the same change points (and the page matches the API). */
    static final long SEED = 20_141_007L;

    private final RunSelections selections;
    private final RunLatencies latencies;

    Trends(RunSelections selections, RunLatencies latencies) {
        this.selections = selections;
        this.latencies = latencies;
    }

    TrendResult trend(TrendQuery query) {
        List<RunPoint> newest = selections.newestPoints(query.selection().selection(), query.streams(),
                query.target(), query.messageBytes(), query.last());
        boolean olderLeftOut = newest.size() > query.last();
        List<RunPoint> points = new ArrayList<>(newest.subList(0, Math.min(newest.size(), query.last())));
        Collections.reverse(points);
        requireOneSeries(points);
        return analyse(points, olderLeftOut);
    }

    /** The change points of one series, its runs oldest first: its throughput's and its latency figure's. */
    TrendResult analyse(List<RunPoint> points, boolean olderLeftOut) {
        Map<Long, RunLatency> latency = points.isEmpty() ? Map.of()
                : latencies.summaries(points.stream().map(RunPoint::id).toList());
        FigureSeries received = FigureSeries.of(TrendFigure.RECEIVED, points, latency);
        RunPoint newestPoint = points.isEmpty() ? null : points.get(points.size() - 1);
        FigureSeries delay = newestPoint == null ? null
                : FigureSeries.of(TrendFigure.latencyOf(newestPoint.scenario()), points, latency);
        boolean hasLatency = delay != null && !delay.points().isEmpty();
        return new TrendResult(newestPoint == null ? null : newestPoint.scenario().name(),
                newestPoint == null ? null : newestPoint.sut(), newestPoint == null ? null : newestPoint.peer(),
                points.size(), olderLeftOut,
                newestPoint == null ? null : newestPoint.limits().burstLimitBitsPerSecond(),
                newestPoint == null ? null : newestPoint.limits().baselineBitsPerSecond(),
                new TrendResult.Method("e-divisive means (energy statistic, α = 1) with a permutation test",
                        PERMUTATIONS, SIGNIFICANCE, MIN_SEGMENT_RUNS, SEED, MIN_CHANGE_PERCENT,
                        MAX_STEADY_DEVIATION_PERCENT, MIN_LATENCY_CHANGE_PERCENT),
                points.stream().map(run -> point(run, latency.get(run.id()))).toList(),
                received.changes().stream().map(TrendResult.ChangePoint::of).toList(), driverChanges(points),
                Spread.of(received.values(), !received.changes().isEmpty(), MAX_STEADY_DEVIATION_PERCENT),
                hasLatency ? delay.figure().describe() : null, hasLatency ? delay.changes() : List.of());
    }

    private static TrendResult.Point point(RunPoint run, RunLatency latency) {
        return new TrendResult.Point(run.id(), run.time(), run.receivedBitsPerSecond(), run.driver(), run.jobId(),
                TrendFigure.LOADED_P99.value(run, latency), TrendFigure.TRANSACTIONS_P99.value(run, latency));
    }

    static List<TrendResult.DriverChange> driverChanges(List<RunPoint> points) {
        List<TrendResult.DriverChange> changes = new ArrayList<>();
        for (int i = 1; i < points.size(); i++) {
            RunPoint before = points.get(i - 1);
            RunPoint run = points.get(i);
            if (!Objects.equals(before.driver(), run.driver())) {
                changes.add(new TrendResult.DriverChange(run.id(), i, run.time(), before.driver(), run.driver()));
            }
        }
        return changes;
    }

    private static void requireOneSeries(List<RunPoint> points) {
        List<String> pairs = points.stream().map(p -> p.sut() + " → " + p.peer()).distinct().sorted().toList();
        if (pairs.size() > 1) {
            throw new InvalidSelectionException("a trend follows one pair, but the selection holds " + pairs.size()
                    + " (" + first(pairs) + "); pick one with sut and peer");
        }
        List<String> scenarios = points.stream().map(point -> point.scenario().name()).distinct()
                .sorted(Comparator.naturalOrder()).toList();
        if (scenarios.size() > 1) {
            throw new InvalidSelectionException("a trend follows one scenario, but the selection holds "
                    + scenarios.size() + " (" + first(scenarios) + "); pick one with protocol, direction, streams, "
                    + "for UDP target and for UDP_RR or TCP_RR messageBytes");
        }
    }

    private static String first(List<String> names) {
        return String.join(", ", names.subList(0, Math.min(5, names.size()))) + (names.size() > 5 ? ", …" : "");
    }
}
