package com.burstline.agent;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;

import java.time.Duration;
import java.util.List;

/**
 * The agent's own engine as a measurement tool: the client runs as a child JVM ({@link EngineProcess}) on the
 * command line the report prints ({@link Iperf3Command#engineClient}) with {@code --json-stream}, so intervals
 * arrive while it runs and the output takes the same import as iperf3's. Killed on cancel or after duration + omit +
 * the margin iperf3 gets.
 */
final class EngineTool extends EngineChildTool {
    static List<String> command(ScenarioSpec spec) {
        return Iperf3Command.engineClient(Iperf3Command.Client.of(spec, true));
    }

    @Override
    public Measurement run(ScenarioSpec spec, LiveListener live, Cancellation cancellation)
            throws InterruptedException {
        List<String> portable = command(spec);
        Duration timeout = Duration.ofSeconds(spec.scenario().measuringSeconds())
                .plus(Iperf3Tool.TIMEOUT_MARGIN);
        return ClientProcess.measure("the engine", EngineProcess.command(portable), portable,
                ScenarioResult.JSON_STREAM, timeout, live, cancellation);
    }
}
