package com.burstline.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * iperf3's per-stream rate rule: a stream may send while its average rate since the start is below the target.
 * Waits in steps of at most iperf3's pacing timer (1 ms) so that a stopped test is noticed quickly. The start moves
 * to the end of the omit period: a JVM sends short in its first, interpreted moments, and paced from the very start
 * it would make that up inside the measured window (a 200 Mbit/s target measured 216 Mbit/s after {@code -O 1}).
 * A stream that fell behind (a busy host stalled it) makes up at most {@link #MAX_CREDIT_NANOS} of it at once and
 * forgives the rest: unbounded, iperf3's rule sends the whole stall's worth back to back, a burst that a shaper's
 * bucket lets through at line rate into the receiver's socket buffer, which drops it.
 */
final class Pacer {
    private static final long PACING_TIMER_NANOS = 1_000_000;
    /** Two of iperf3's pacing-timer ticks: about the burst iperf3 itself sends when its timer wakes late. */
    static final long MAX_CREDIT_NANOS = 2 * PACING_TIMER_NANOS;
    private final long bitsPerSecond;
    private final LongSupplier base;
    private long startNanos;
    /** How far the start has moved on for stalls forgiven. */
    private long forgivenNanos;
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
            forgivenNanos = 0;
            bytes = 0;
        }
        long now = System.nanoTime();
        long dueNanos = startNanos + forgivenNanos + (long) (bytes * 8.0 * 1e9 / bitsPerSecond);
        long late = now - dueNanos - MAX_CREDIT_NANOS;
        if (late > 0) {
            forgivenNanos += late;
            dueNanos += late;
        }
        return dueNanos - now;
    }

    void sent(long count) {
        bytes += count;
    }
}
