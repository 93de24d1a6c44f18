package com.burstline.engine;

import com.burstline.contract.LatencyStats;

/**
 * Transactions' round trips as they complete, from any number of flows at once, read interval by interval: each
 * interval's own figures, and the whole of the counted ones (an omitted start is reported but never counted). A
 * flow's record is one uncontended lock; the percentiles are computed outside it, so a flow never waits for them.
 */
final class LatencyRecorder {
    private final Object swap = new Object();
    private LatencyHistogram active = new LatencyHistogram();
    private LatencyHistogram spare = new LatencyHistogram();
    private long activeLost;
    private final LatencyHistogram total = new LatencyHistogram();
    private long totalLost;

    void record(long nanos) {
        synchronized (swap) {
            active.record(nanos);
        }
    }

    /** A transaction that got no answer in time. */
    void lost() {
        synchronized (swap) {
            activeLost++;
        }
    }

    /**
     * Ends the current interval and answers its figures; {@code counted} adds them to the whole. Called by one
     * thread, the reporter, interval after interval.
     */
    LatencyStats takeInterval(boolean counted) {
        LatencyHistogram ended;
        long lost;
        synchronized (swap) {
            ended = active;
            active = spare;
            spare = ended;
            lost = activeLost;
            activeLost = 0;
        }
        LatencyStats stats = ended.stats(lost);
        if (counted) {
            total.add(ended);
            totalLost += lost;
        }
        ended.reset();
        return stats;
    }

    /** Everything counted so far; the reporter's thread only. */
    LatencyStats total() {
        return total.stats(totalLost);
    }

    long totalAnswered() {
        return total.count();
    }
}
