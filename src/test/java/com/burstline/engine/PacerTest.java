package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The pacer's rule without its clock: what it owes is counted from the start, then from the end of the omit. */
class PacerTest {
    private static final long ONE_GBIT = 1_000_000_000L;

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
}
