package com.burstline.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class UdpAccountingTest {
    private final UdpAccounting accounting = new UdpAccounting();

    @Test
    void packetsInOrderLoseNothing() {
        for (long seq = 1; seq <= 5; seq++) {
            accounting.record(seq, 1000 * seq, 1000 * seq + 50);
        }
        assertThat(accounting.packets()).isEqualTo(5);
        assertThat(accounting.lost()).isZero();
        assertThat(accounting.outOfOrder()).isZero();
        assertThat(accounting.jitterSeconds()).isZero();
    }

    @Test
    void aGapCountsAsLossUntilTheLatePacketArrivesOutOfOrder() {
        accounting.record(1, 0, 0);
        accounting.record(2, 0, 0);
        accounting.record(5, 0, 0);
        assertThat(accounting.lost()).isEqualTo(2);
        assertThat(accounting.packets()).isEqualTo(5);

        accounting.record(3, 0, 0);
        assertThat(accounting.outOfOrder()).isEqualTo(1);
        assertThat(accounting.lost()).isEqualTo(1);
        assertThat(accounting.packets()).isEqualTo(5);
    }

    @Test
    void aDuplicateWithNoLossLeftDoesNotMakeLossNegative() {
        accounting.record(1, 0, 0);
        accounting.record(1, 0, 0);
        assertThat(accounting.outOfOrder()).isEqualTo(1);
        assertThat(accounting.lost()).isZero();
    }

    @Test
    void jitterIsRfc1889sRunningMeanOfTransitDifferences() {
        accounting.record(1, 0, 1000);      // transit 1 ms: the first packet only sets the previous transit
        accounting.record(2, 1000, 4000);   // transit 3 ms: d = 2 ms
        double expected = 0.002 / 16;
        assertThat(accounting.jitterSeconds()).isCloseTo(expected, within(1e-12));
        accounting.record(3, 2000, 4000);   // transit 2 ms: d = 1 ms
        expected += (0.001 - expected) / 16;
        assertThat(accounting.jitterSeconds()).isCloseTo(expected, within(1e-12));
    }

    @Test
    void transitIsTakenAsAnAbsoluteValueBecauseTheTwoClocksAreUnrelated() {
        accounting.record(1, 10_000_000, 1000);   // the sender's clock is far ahead: transit |1000 - 10^7| µs
        accounting.record(2, 10_001_000, 4000);   // 3 ms less "transit": d = 2 ms either way
        assertThat(accounting.jitterSeconds()).isCloseTo(0.002 / 16, within(1e-12));
    }

    @Test
    void aJitterResetAtTheEndOfTheOmitPeriodStartsJitterOver() {
        accounting.record(1, 0, 1000);
        accounting.record(2, 1000, 4000);
        accounting.requestJitterReset();
        assertThat(accounting.jitterSeconds()).isZero();
        accounting.record(3, 2000, 5000);   // same transit as before: d = 0
        assertThat(accounting.jitterSeconds()).isZero();
    }

    @Test
    void theFirstDatagramAfterTheOmitPeriodCountsAsAStreamsFirst() {
        // iperf3 starts its byte count over at the end of the omit period, and its first-packet rule keys on it
        accounting.record(1, 0, 1000);      // transit 1 ms
        accounting.requestJitterReset();
        accounting.record(2, 1000, 9000);   // transit 8 ms: the first after the reset, so d = 0, not 7 ms
        assertThat(accounting.jitterSeconds()).isZero();
        accounting.record(3, 2000, 11000);  // transit 9 ms: d = 1 ms
        assertThat(accounting.jitterSeconds()).isCloseTo(0.001 / 16, within(1e-12));
    }
}
