package com.burstline.engine;

/**
 * A UDP receiver's loss, out-of-order and jitter accounting for one stream, exactly as iperf3's
 * {@code iperf_udp_recv} does it (reference §4.4). One thread records; others read the volatile figures.
 */
final class UdpAccounting {
    private volatile long maxSequence;
    private volatile long lost;
    private volatile long outOfOrder;
    private volatile double jitterSeconds;
    private double previousTransit;
    private boolean seenFirst;
    private volatile boolean resetJitter;

    /**
     * @param sequence      the datagram's packet number
     * @param sentMicros    the sender's clock when it sent the datagram
     * @param arrivalMicros this side's clock when it arrived
     */
    void record(long sequence, long sentMicros, long arrivalMicros) {
        if (sequence >= maxSequence + 1) {
            if (sequence > maxSequence + 1) {
                lost += sequence - 1 - maxSequence;
            }
            maxSequence = sequence;
        } else {
            outOfOrder++;
            if (lost > 0) {
                lost--;
            }
        }
        if (resetJitter) {
            // iperf3 takes the first datagram after the omit period as a stream's first (its byte count is 0 again)
            resetJitter = false;
            jitterSeconds = 0;
            seenFirst = false;
        }
        // iperf_time_diff is always non-negative: the two clocks are unrelated, only differences matter.
        double transit = Math.abs(arrivalMicros - sentMicros) / 1e6;
        if (!seenFirst) {
            seenFirst = true;
            previousTransit = transit;
        }
        double d = Math.abs(transit - previousTransit);
        previousTransit = transit;
        jitterSeconds += (d - jitterSeconds) / 16.0;
    }

    /** At the end of the omit period iperf3 starts jitter over; the recording thread applies it. */
    void requestJitterReset() {
        resetJitter = true;
    }

    /** iperf3's receiver "packets": the highest packet number seen. */
    long packets() {
        return maxSequence;
    }

    long lost() {
        return lost;
    }

    long outOfOrder() {
        return outOfOrder;
    }

    double jitterSeconds() {
        return resetJitter ? 0 : jitterSeconds;
    }
}
