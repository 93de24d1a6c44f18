package com.burstline.server.trend;

import java.time.Instant;
import java.util.List;

/**
 * One pair's series of one scenario over time and where its level changed. Throughput in bits per second, received
 * throughput as iperf3 reported it (null for a request/response scenario, which has none). {@code olderRunsLeftOut}
 * says the selection holds more runs than {@code last}. {@code spread} says how far the runs' throughput lies from
 * their median and, when no change point was found, whether the series is steady or varies widely ({@link Spread});
 * null without throughput. A point's {@code loadedP99Ms} is its run's loaded-latency probe p99 under load (null
 * without the probe), its {@code transactionsP99Ms} a UDP_RR or TCP_RR run's transactions' p99.
 * {@code changePoints} are the throughput's; {@code latencyFigure} names the series' latency figure (the point field
 * it is in, its unit, higher is worse; null when no run has it) and {@code latencyChangePoints} are its change points,
 * found the same way, each {@code index} counting the runs that have the figure.
 */
record TrendResult(String scenario, String sut, String peer, int runCount, boolean olderRunsLeftOut,
                   Double burstLimitBitsPerSecond, Double baselineBitsPerSecond, Method method,
                   List<Point> points, List<ChangePoint> changePoints, List<DriverChange> driverChanges,
                   Spread spread, Figure latencyFigure, List<FigureChange> latencyChangePoints) {

    /**
     * How the change points were found, so that a reader can repeat it; {@code maxSteadyDeviationPercent} is how far
     * from the median every run must lie for a series without change point to be called steady;
     * {@code minLatencyChangePercent} is the smallest latency step reported, as {@code minChangePercent} is the
     * smallest throughput step.
     */
    record Method(String name, int permutations, double significanceLevel, int minSegmentRuns, long seed,
                  double minChangePercent, double maxSteadyDeviationPercent, double minLatencyChangePercent) {
    }

    record Point(long runId, Instant time, Double receivedBitsPerSecond, String driver, Long jobId,
                 Double loadedP99Ms, Double transactionsP99Ms) {
    }

    /**
     * A figure a trend follows: {@code id} as Compare names it ({@code loaded-p99}, {@code transactions-p99}), its
     * {@code name} in words, its {@code unit}, whether a rise is a regression, and the point {@code field} holding it.
     */
    record Figure(String id, String name, String unit, boolean higherIsWorse, String field) {
    }

    /** The throughput's new level starts at {@code runId}; {@code pValue} is the permutation test's. */
    record ChangePoint(long runId, int index, Instant time, double beforeBitsPerSecond, double afterBitsPerSecond,
                       double changePercent, double pValue, String driverBefore, String driverAfter,
                       String description) {

        static ChangePoint of(FigureChange change) {
            return new ChangePoint(change.runId(), change.index(), change.time(), change.before(), change.after(),
                    change.changePercent(), change.pValue(), change.driverBefore(), change.driverAfter(),
                    change.description());
        }
    }

    /**
     * A figure's new level starting at {@code runId}: the levels {@code before} and {@code after} in the figure's
     * unit, and {@code worse} when the step went the way the figure is worse (latency rose, throughput dropped).
     */
    record FigureChange(long runId, int index, Instant time, double before, double after, double changePercent,
                        boolean worse, double pValue, String driverBefore, String driverAfter, String description) {
    }

    record DriverChange(long runId, int index, Instant time, String from, String to) {
    }
}
