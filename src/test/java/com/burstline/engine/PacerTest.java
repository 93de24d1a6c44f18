package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The pacer's rule: what it owes is counted from the start, then from the end of the omit; a datagram pacer, on a
 * clock of the test's own, never sends more than its quantum back to back and still meets the average.
 */
class PacerTest {
    private static final long ONE_GBIT = 1_000_000_000L;
    private static final int DATAGRAM = 8900;
    /** The quantum at 900 Mbit/s, in whole datagrams, plus the one a last token lets through. */
    private static final long MOST_BACK_TO_BACK =
            (long) Math.ceil(900_000_000L / 8e9 * Pacer.QUANTUM_NANOS / DATAGRAM) + 1;

    @Test
    void bytesSentDuringTheOmitPeriodDoNotCountOnceItEnds() {
        AtomicLong base = new AtomicLong(System.nanoTime());
        Pacer pacer = new Pacer(ONE_GBIT, base::get);
        pacer.sent(125_000_000_000L); // 1000 s ahead of a 1 Gbit/s target

        base.set(System.nanoTime()); // the omit period ends: counting starts over

        // Paced from the first start this would wait 1000 s; from the end of the omit it may send at once.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> pacer.awaitTurn(() -> true));
    }

    @Test
    void aStreamAheadOfItsTargetWaitsUntilStoppedAndAnUnpacedOneNever() {
        AtomicLong base = new AtomicLong(System.nanoTime());
        Pacer paced = new Pacer(ONE_GBIT, base::get);
        paced.sent(125_000_000_000L);
        AtomicLong polls = new AtomicLong();

        paced.awaitTurn(() -> polls.incrementAndGet() < 3); // stopped after three looks: returns, no block allowed

        assertThat(polls.get()).isEqualTo(3);
        Pacer unpaced = new Pacer(0, base::get);
        unpaced.sent(Long.MAX_VALUE / 16);
        unpaced.awaitTurn(() -> {
            throw new AssertionError("-b 0 never waits");
        });
    }

    @Test
    void aStalledDatagramSenderCatchesUpInQuantaNotInOneBurst() {
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        Pacer pacer = new Pacer(900_000_000L, () -> 0L, clock::get, Pacer.QUANTUM_NANOS);

        // A stall of 100 ms: the average rule alone would now allow 1264 datagrams at once.
        clock.addAndGet(100_000_000L);

        assertThat(backToBack(pacer)).isBetween(1L, MOST_BACK_TO_BACK);
    }

    @Test
    void aDatagramSenderNeverBurstsBeyondItsQuantumYetMeetsItsAverage() {
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        long start = clock.get();
        Pacer pacer = new Pacer(900_000_000L, () -> start, clock::get, Pacer.QUANTUM_NANOS);
        long sent = 0;
        long largest = 0;
        for (int step = 0; step < 40_000; step++) { // 3 s of wakes 50 us apart, each 200th late by 5 ms
            clock.addAndGet(step % 200 == 199 ? 5_000_000L : 50_000L);
            long burst = backToBack(pacer);
            largest = Math.max(largest, burst);
            sent += burst * DATAGRAM;
        }

        assertThat(largest).isLessThanOrEqualTo(MOST_BACK_TO_BACK);
        double seconds = (clock.get() - start) / 1e9;
        assertThat(sent * 8 / seconds).as("bit/s on average").isBetween(0.99 * 900_000_000L, 900_000_000L
                + DATAGRAM * 8 / seconds);
    }

    /** Sends every datagram the pacer allows without the clock moving: one burst. */
    private static long backToBack(Pacer pacer) {
        long count = 0;
        while (pacer.nanosUntilTurn() <= 0) {
            pacer.sent(DATAGRAM);
            count++;
        }
        return count;
    }
}
