package com.burstline.iperf;

import java.time.Instant;
import java.util.List;

/**
 * What one iperf3 run measured, read from its JSON output.
 *
 * <p>Throughput and CPU figures are iperf3's own, unrounded: {@code sentBitsPerSecond} is
 * {@code end.sum_sent.bits_per_second}, {@code receivedBitsPerSecond} is {@code end.sum_received.bits_per_second}
 * (see {@link EndFigures} for the other shapes). Values the output does not hold are {@code null}: retransmits on a
 * host without TCP_INFO, jitter on TCP, the received rate of UDP before iperf3 3.11, what a server's output
 * ({@code side} {@link OutputSide#SERVER}) never learns; so is {@code serverTool} when the output does not say which
 * program served the test.
 */
public record Iperf3Result(
        OutputFormat format,
        OutputSide side,
        String toolVersion,
        ServerTool serverTool,
        Instant startedAt,
        Protocol protocol,
        Direction direction,
        int streams,
        int durationSeconds,
        int omitSeconds,
        Long targetBitsPerSecond,
        Double sentBitsPerSecond,
        Double receivedBitsPerSecond,
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

    /**
     * A test iperf3 stopped before its end summary, from the interval rows measured until then (see
     * {@link PartialFigures}: bytes over seconds; no CPU figures).
     *
     * @throws Iperf3FormatException when no interval was measured
     */
    public static Iperf3Result partial(OutputFormat format, OutputSide side, String toolVersion, ServerTool serverTool,
                                       Instant startedAt, Protocol protocol, Direction direction, int streams,
                                       int durationSeconds, int omitSeconds, Long targetBitsPerSecond,
                                       List<IntervalSample> rows) {
        List<IntervalSample> measured = PartialFigures.measured(rows);
        PartialFigures figures = PartialFigures.of(measured, direction);
        boolean tcp = protocol == Protocol.TCP;
        return new Iperf3Result(format, side, toolVersion, serverTool, startedAt, protocol, direction, streams,
                durationSeconds, omitSeconds, targetBitsPerSecond, figures.sent(), figures.received(),
                tcp ? figures.retransmits() : null, tcp ? null : figures.jitterMs(),
                tcp ? null : figures.lostPercent(), null, null, figures.reverseSent(), figures.reverseReceived(),
                measured);
    }

    /** How iperf3 printed its results. */
    public enum OutputFormat {
        /** {@code -J}: one JSON object. */
        JSON,
        /** {@code --json-stream} (iperf3 3.17+): one JSON event per line. */
        JSON_STREAM
    }
}
