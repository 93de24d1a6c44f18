package com.burstline.iperf;

import java.time.Instant;
import java.util.List;

/**
 * What one iperf3 run measured, read from its JSON output.
 *
 * <p>Throughput and CPU figures are iperf3's own, unrounded: {@code sentBitsPerSecond} is
 * {@code end.sum_sent.bits_per_second}, {@code receivedBitsPerSecond} is {@code end.sum_received.bits_per_second}.
 * Values iperf3 did not report (retransmits on a host without TCP_INFO, jitter on TCP) are {@code null}.
 */
public record Iperf3Result(
        OutputFormat format,
        String toolVersion,
        Instant startedAt,
        Protocol protocol,
        Direction direction,
        int streams,
        int durationSeconds,
        int omitSeconds,
        Long targetBitsPerSecond,
        double sentBitsPerSecond,
        double receivedBitsPerSecond,
        Long retransmits,
        Double jitterMs,
        Double lostPercent,
        Double hostCpuPercent,
        Double remoteCpuPercent,
        Double reverseSentBitsPerSecond,
        Double reverseReceivedBitsPerSecond,
        List<IntervalSample> intervals) {

    public Iperf3Result {
        intervals = List.copyOf(intervals);
    }

    /** How iperf3 printed its results. */
    public enum OutputFormat {
        /** {@code -J}: one JSON object. */
        JSON,
        /** {@code --json-stream} (iperf3 3.17+): one JSON event per line. */
        JSON_STREAM
    }
}
