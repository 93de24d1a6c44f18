package com.burstline.engine;

import java.util.concurrent.locks.LockSupport;

/**
 * iperf3's per-stream rate rule: a stream may send while its average rate since the start is below the target.
 * Waits in steps of at most iperf3's pacing timer (1 ms) so that a stopped test is noticed quickly.
 */
final class Pacer {
    private static final long PACING_TIMER_NANOS = 1_000_000;
    private final long bitsPerSecond;
    private final long startNanos;
    private long bytes;

    Pacer(long bitsPerSecond, long startNanos) {
        this.bitsPerSecond = bitsPerSecond;
        this.startNanos = startNanos;
    }

    /** Waits until one more block is allowed, or returns at once when {@code stillRunning} turns false. */
    void awaitTurn(java.util.function.BooleanSupplier stillRunning) {
        if (bitsPerSecond <= 0) {
            return;
        }
        while (stillRunning.getAsBoolean()) {
            long dueNanos = startNanos + (long) (bytes * 8.0 * 1e9 / bitsPerSecond);
            long wait = dueNanos - System.nanoTime();
            if (wait <= 0) {
                return;
            }
            LockSupport.parkNanos(Math.min(wait, PACING_TIMER_NANOS));
        }
    }

    void sent(long count) {
        bytes += count;
    }
}
