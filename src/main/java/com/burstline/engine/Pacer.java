package com.burstline.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * iperf3's per-stream rate rule: a stream may send while its average rate since the start is below the target.
 * Waits in steps of at most iperf3's pacing timer (1 ms) so that a stopped test is noticed quickly. The start moves
 * to the end of the omit period: a JVM sends short in its first, interpreted moments, and paced from the very start
 * it would make that up inside the measured window and overshoot the target after {@code -O}.
 */
final class Pacer {
    private static final long PACING_TIMER_NANOS = 1_000_000;
    private final long bitsPerSecond;
    private final LongSupplier base;
    private long startNanos;
    private long bytes;

    /** @param base when the test's counting began: its start, then the end of the omit period */
    Pacer(long bitsPerSecond, LongSupplier base) {
        this.bitsPerSecond = bitsPerSecond;
        this.base = base;
        this.startNanos = base.getAsLong();
    }

    /** Waits until one more block is allowed, or returns at once when {@code stillRunning} turns false. */
    void awaitTurn(BooleanSupplier stillRunning) {
        if (bitsPerSecond <= 0) {
            return;
        }
        while (stillRunning.getAsBoolean()) {
            long wait = nanosUntilTurn();
            if (wait <= 0) {
                return;
            }
            LockSupport.parkNanos(Math.min(wait, PACING_TIMER_NANOS));
        }
    }

    /**
     * How long until one more block is allowed: zero or less means now. For a loop that serves other streams
     * meanwhile instead of parking its thread.
     */
    long nanosUntilTurn() {
        if (bitsPerSecond <= 0) {
            return 0;
        }
        long counting = base.getAsLong();
        if (counting != startNanos) {
            startNanos = counting;
            bytes = 0;
        }
        long dueNanos = startNanos + (long) (bytes * 8.0 * 1e9 / bitsPerSecond);
        return dueNanos - System.nanoTime();
    }

    void sent(long count) {
        bytes += count;
    }
}
