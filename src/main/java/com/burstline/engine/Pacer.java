package com.burstline.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * iperf3's per-stream rate rule: a stream may send while its average rate since the start is below the target.
 * Waits in steps of at most iperf3's pacing timer (1 ms) so that a stopped test is noticed quickly. The start moves
 * to the end of the omit period: a JVM sends short in its first, interpreted moments, and paced from the very start
 * it would make that up inside the measured window and overshoot the target after {@code -O}.
 *
 * <p>A datagram pacer ({@link #smooth}) also bounds its bursts. The average rule alone lets a sender that a busy
 * machine stalled for a while send everything it owes back to back; such a burst passes a shaper's bucket at the
 * speed of the host and overflows the receiver's socket buffer, loss the path did not cause. So the catch-up goes
 * through a token bucket: at most {@link #QUANTUM_NANOS} of the target rate back to back, then at
 * {@link #CATCH_UP} times the target until the average is met again.
 */
final class Pacer {
    private static final long PACING_TIMER_NANOS = 1_000_000;
    /** The largest burst, in time at the target rate: half of iperf3's pacing timer, longer than a park overshoots. */
    static final long QUANTUM_NANOS = 500_000;
    /** How many times the target a stalled sender may send at while it catches up. */
    static final int CATCH_UP = 2;
    private final long bitsPerSecond;
    private final LongSupplier base;
    private final LongSupplier clock;
    /** The bucket's depth in bytes; 0 leaves bursts unbounded (a TCP sender, which its window paces anyway). */
    private final double quantumBytes;
    private final double peakBytesPerNano;
    private long startNanos;
    private long bytes;
    private double tokens;
    private long refilledNanos;

    /** @param base when the test's counting began: its start, then the end of the omit period */
    Pacer(long bitsPerSecond, LongSupplier base) {
        this(bitsPerSecond, base, System::nanoTime, 0);
    }

    /** @param quantumNanos the largest burst, in time at the target rate; 0 for none */
    Pacer(long bitsPerSecond, LongSupplier base, LongSupplier clock, long quantumNanos) {
        this.bitsPerSecond = bitsPerSecond;
        this.base = base;
        this.clock = clock;
        this.startNanos = base.getAsLong();
        this.quantumBytes = bitsPerSecond / 8e9 * quantumNanos;
        this.peakBytesPerNano = bitsPerSecond / 8e9 * CATCH_UP;
        this.tokens = quantumBytes;
        this.refilledNanos = clock.getAsLong();
    }

    /** A pacer for datagrams: the average rule and bounded bursts. */
    static Pacer smooth(long bitsPerSecond, LongSupplier base) {
        return new Pacer(bitsPerSecond, base, System::nanoTime, QUANTUM_NANOS);
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
        long now = clock.getAsLong();
        long counting = base.getAsLong();
        if (counting != startNanos) {
            startNanos = counting;
            bytes = 0;
        }
        long dueNanos = startNanos + (long) (bytes * 8.0 * 1e9 / bitsPerSecond);
        long wait = dueNanos - now;
        return quantumBytes > 0 ? Math.max(wait, nanosUntilToken(now)) : wait;
    }

    /** The bucket fills at the catch-up rate up to its depth; a block may go while it holds any token. */
    private long nanosUntilToken(long now) {
        tokens = Math.min(quantumBytes, tokens + (now - refilledNanos) * peakBytesPerNano);
        refilledNanos = now;
        return tokens > 0 ? 0 : 1 + (long) (-tokens / peakBytesPerNano);
    }

    void sent(long count) {
        bytes += count;
        tokens -= count;
    }
}
