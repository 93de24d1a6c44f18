package com.burstline.iperf;

import com.burstline.contract.Direction;

/**
 * One row of iperf3's per-interval report: one stream, or the sum over streams, for one reporting interval.
 *
 * <p>Fields that iperf3 did not print for this kind of stream (no TCP_INFO on a receiver, no jitter on a UDP sender)
 * are {@code null}; values are iperf3's own, unrounded.
 *
 * @param interval      the interval's position in the run, from 0
 * @param stream        iperf3's socket number, or {@code "sum"} for the per-interval sum
 * @param direction     which way this stream carries data ({@link Direction#UPLOAD} or {@link Direction#DOWNLOAD})
 * @param side          whether the host that sent this stream's data wrote the row, or the one that received it
 * @param rttMicros     smoothed round-trip time in microseconds (TCP sender)
 * @param cwndBytes     congestion window in bytes (TCP sender)
 */
public record IntervalSample(
        int interval,
        double start,
        double end,
        String stream,
        Direction direction,
        Side side,
        long bytes,
        double bitsPerSecond,
        Long retransmits,
        Long rttMicros,
        Long cwndBytes,
        Double jitterMs,
        Long lostPackets,
        Long packets,
        boolean omitted) {

    public static final String SUM = "sum";

    public boolean isSum() {
        return SUM.equals(stream);
    }
}
