package com.burstline.server.run;

/**
 * One stored interval row as the API returns it: one stream (iperf3's socket number) or {@code "sum"} over one
 * reporting interval. {@code direction} says which way the row's data flowed (upload or download), which tells the
 * two sums of a {@code --bidir} run apart; {@code side} whether the row is the sender's or the receiver's report of it
 * ({@code sender}, {@code receiver}: runs with {@code --get-server-output} hold both). Fields iperf3 did not print are
 * {@code null}. {@code closing} marks iperf3's closing sliver ({@link ClosingIntervals}), which charts and findings
 * leave out.
 */
public record IntervalRow(
        int interval,
        double start,
        double end,
        String stream,
        String direction,
        String side,
        long bytes,
        double bitsPerSecond,
        Long retransmits,
        Long rttMicros,
        Long cwndBytes,
        Double jitterMs,
        Long lostPackets,
        Long packets,
        boolean omitted,
        boolean closing) {

    IntervalRow asClosing() {
        return new IntervalRow(interval, start, end, stream, direction, side, bytes, bitsPerSecond, retransmits,
                rttMicros, cwndBytes, jitterMs, lostPackets, packets, omitted, true);
    }
}
