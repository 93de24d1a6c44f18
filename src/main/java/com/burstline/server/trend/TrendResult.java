package com.burstline.server.trend;

import java.time.Instant;
import java.util.List;

/**
 * One pair's series of one scenario over time and where its level changed. Figures in bits per second, received
 * throughput as iperf3 reported it. {@code olderRunsLeftOut} says the selection holds more runs than {@code last}.
 * {@code spread} says how far the runs lie from their median and, when no change point was found, whether the
 * series is steady or varies widely ({@link Spread}); null without runs. A point's {@code loadedP99Ms} is its run's
 * loaded-latency probe p99 under load (null without the probe), charted beside the throughput; the change points
 * are the throughput's.
 */
record TrendResult(String scenario, String sut, String peer, int runCount, boolean olderRunsLeftOut,
                   Double burstLimitBitsPerSecond, Double baselineBitsPerSecond, Method method,
                   List<Point> points, List<ChangePoint> changePoints, List<DriverChange> driverChanges,
                   Spread spread) {

    TrendResult withPoints(List<Point> newPoints) {
        return new TrendResult(scenario, sut, peer, runCount, olderRunsLeftOut, burstLimitBitsPerSecond,
                baselineBitsPerSecond, method, newPoints, changePoints, driverChanges, spread);
    }

    /**
     * How the change points were found, so that a reader can repeat it; {@code maxSteadyDeviationPercent} is how far
     * from the median every run must lie for a series without change point to be called steady.
     */
    record Method(String name, int permutations, double significanceLevel, int minSegmentRuns, long seed,
                  double minChangePercent, double maxSteadyDeviationPercent) {
    }

    record Point(long runId, Instant time, double receivedBitsPerSecond, String driver, Long jobId,
                 Double loadedP99Ms) {
    }

    /** The new level starts at {@code runId}; {@code pValue} is the permutation test's. */
    record ChangePoint(long runId, int index, Instant time, double beforeBitsPerSecond, double afterBitsPerSecond,
                       double changePercent, double pValue, String driverBefore, String driverAfter,
                       String description) {
    }

    record DriverChange(long runId, int index, Instant time, String from, String to) {
    }
}
