package com.burstline.agent;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * iperf3 as a measurement tool. The client always runs with {@code -J}, or {@code --json-stream} from 3.17 so that
 * intervals reach the server while the test runs; the timeout is duration + omit + a margin for connecting and the
 * results exchange, after which the whole process tree is killed.
 */
final class Iperf3Tool implements MeasurementTool {
    static final Duration TIMEOUT_MARGIN = Duration.ofSeconds(20);

    private final String iperf3Path;
    private final Iperf3Version version;

    Iperf3Tool(String iperf3Path, Iperf3Version version) {
        this.iperf3Path = iperf3Path;
        this.version = version;
    }

    @Override
    public String name() {
        return "iperf3";
    }

    @Override
    public String cannotRun(ScenarioSpec spec) {
        if (spec.scenario().bidir() && !version.atLeast(3, 7)) {
            return "iperf3 " + version.text() + " has no --bidir (3.7 or newer needed)";
        }
        return null;
    }

    @Override
    public boolean streamsIntervals() {
        return version.streamsJson();
    }

    @Override
    public String liveSource() {
        return LiveSamples.FROM_TOOL;
    }

    /** The contract's argument list; {@code --forceflush} so that streamed intervals arrive as they happen. */
    List<String> clientArguments(ScenarioSpec spec) {
        List<String> args = new ArrayList<>(Iperf3Command.client(iperf3Path, spec, version.streamsJson()));
        if (version.streamsJson()) {
            args.add("--forceflush");
        }
        return List.copyOf(args);
    }

    @Override
    public Measurement run(ScenarioSpec spec, LiveListener live, Cancellation cancellation)
            throws InterruptedException {
        List<String> command = clientArguments(spec);
        String format = version.streamsJson() ? ScenarioResult.JSON_STREAM : ScenarioResult.JSON;
        Duration timeout = Duration.ofSeconds(spec.scenario().measuringSeconds()).plus(TIMEOUT_MARGIN);
        return ClientProcess.measure("iperf3", command, command, format, timeout, live, cancellation);
    }
}
