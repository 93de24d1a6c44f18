package com.burstline.agent;

import com.burstline.contract.RequestResponseCommand;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;

import java.time.Duration;
import java.util.List;

/**
 * The engine's request/response test (UDP_RR, TCP_RR) as a measurement tool: its client runs as a child JVM
 * ({@link EngineProcess}) on the line {@link RequestResponseCommand#client} builds, against the peer agent's
 * {@code rr -s}; its intervals reach the server live as latency samples, and its output is kept whole as the run's
 * raw bytes. Killed on cancel or after duration + omit + the margin iperf3 gets; the end exchange with a peer that
 * stopped answering waits a few seconds at most, inside that margin.
 */
final class TransactionTool extends EngineChildTool {
    static List<String> command(ScenarioSpec spec) {
        return RequestResponseCommand.client(spec.peerHost(), spec.port(), spec.scenario());
    }

    @Override
    public Measurement run(ScenarioSpec spec, LiveListener live, Cancellation cancellation)
            throws InterruptedException {
        return run(spec, live, LatencyListener.NONE, cancellation);
    }

    @Override
    public Measurement run(ScenarioSpec spec, LiveListener live, LatencyListener latency, Cancellation cancellation)
            throws InterruptedException {
        List<String> portable = command(spec);
        Duration timeout = Duration.ofSeconds(spec.scenario().measuringSeconds()).plus(Iperf3Tool.TIMEOUT_MARGIN);
        TransactionLines lines = new TransactionLines(latency);
        Measurement measurement = ClientProcess.measure("the engine's request/response test",
                EngineProcess.command(portable, RequestResponseCommand.PROGRAM), portable,
                ScenarioResult.REQUEST_RESPONSE, timeout, lines::accept, cancellation);
        return measurement.withLatency(lines.report());
    }
}
