package com.burstline.agent;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;
import com.burstline.engine.Client;
import com.burstline.engine.ClientOptions;
import com.burstline.engine.EngineException;
import com.burstline.engine.JsonOutput;
import com.burstline.engine.Output;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The agent's own engine as a measurement tool: the client runs in this process, on the command line the report
 * prints ({@link Iperf3Command#engineClient}), and writes iperf3's {@code -J} output, so its runs take the same
 * import as iperf3's. Every wait inside the engine is bounded, so no timeout of its own is needed; a cancel
 * interrupts the measuring thread.
 */
final class EngineTool implements MeasurementTool {
    @Override
    public String name() {
        return ScenarioSpec.TOOL_JAVA;
    }

    @Override
    public String cannotRun(ScenarioSpec spec) {
        return null;
    }

    @Override
    public boolean streamsIntervals() {
        return true;
    }

    @Override
    public String liveSource() {
        return LiveSamples.FROM_ENGINE;
    }

    static List<String> command(ScenarioSpec spec) {
        return Iperf3Command.engineClient(Iperf3Command.Client.of(spec, false));
    }

    @Override
    public Measurement run(ScenarioSpec spec, LiveListener live, Cancellation cancellation) {
        List<String> command = command(spec);
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Output output = new LiveOutput(new JsonOutput(new PrintStream(buffer, true, StandardCharsets.UTF_8), false),
                live);
        Thread measuring = Thread.currentThread();
        cancellation.attach(measuring::interrupt);
        String failure = null;
        try {
            ClientOptions options = ClientOptions.fromArguments(
                    command.subList(Iperf3Command.ENGINE_PROGRAM.size(), command.size()));
            new Client(options, output).run();
        } catch (EngineException e) {
            failure = cancellation.isCancelled() ? "the scenario was cancelled and the engine was stopped"
                    : e.getMessage();
        } finally {
            Thread.interrupted(); // a cancel that came as the test ended must not hit the next step
        }
        return new Measurement(failure == null, failure, buffer.toString(StandardCharsets.UTF_8),
                ScenarioResult.JSON, "", command, failure == null ? 0 : 1);
    }

    /** Keeps the whole report and passes each interval on as live figures, per direction for bidir. */
    private record LiveOutput(Output report, LiveListener live) implements Output {
        @Override
        public void start(Map<String, Object> start) {
            report.start(start);
        }

        @Override
        public void interval(Map<String, Object> interval) {
            report.interval(interval);
            LiveIntervals.forward(interval, live);
        }

        @Override
        public void end(Map<String, Object> end) {
            report.end(end);
        }

        @Override
        public void error(String message) {
            report.error(message);
        }

        @Override
        public void done() {
            report.done();
        }
    }
}
