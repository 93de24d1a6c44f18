package com.burstline.iperf;

import com.burstline.contract.Scenario;

import java.time.Instant;
import java.util.List;

/**
 * What one iperf3 run measured, read from its JSON output: the scenario it ran (as the output states it, its tool
 * the program that wrote it), its figures ({@link Measured}) and every interval row. {@code side} is which end
 * wrote the output ({@link OutputSide#SERVER} for {@code iperf3 -s -J}, which holds only what the server saw);
 * {@code serverTool} is null when the output does not say which program served the test.
 */
public record Iperf3Result(
        OutputFormat format,
        OutputSide side,
        String toolVersion,
        ServerTool serverTool,
        Instant startedAt,
        Scenario scenario,
        Measured measured,
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
                                       Instant startedAt, Scenario scenario, List<IntervalSample> rows) {
        List<IntervalSample> measured = PartialFigures.measured(rows);
        return new Iperf3Result(format, side, toolVersion, serverTool, startedAt, scenario,
                PartialFigures.of(measured, scenario), measured);
    }

    /** How iperf3 printed its results. */
    public enum OutputFormat {
        /** {@code -J}: one JSON object. */
        JSON,
        /** {@code --json-stream} (iperf3 3.17+): one JSON event per line. */
        JSON_STREAM
    }
}
