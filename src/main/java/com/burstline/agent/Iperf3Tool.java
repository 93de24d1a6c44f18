package com.burstline.agent;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.Json;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
        if ("bidir".equals(spec.direction()) && !version.atLeast(3, 7)) {
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
        Duration timeout = Duration.ofSeconds(spec.durationSeconds() + spec.omitSeconds()).plus(TIMEOUT_MARGIN);
        RunningProcess process;
        try {
            process = RunningProcess.start(command, line -> forwardInterval(line, live));
        } catch (IOException e) {
            return new Measurement(false, "cannot start iperf3: " + e.getMessage(), "", format, "", command, null);
        }
        cancellation.attach(process::kill);
        RunningProcess.Outcome outcome = process.await(timeout);
        String failure = failureReason(outcome, timeout, cancellation);
        return new Measurement(failure == null, failure, outcome.stdoutText(), format, outcome.stderrTail(), command,
                outcome.exitCode());
    }

    /** Null for success. iperf3 3.12 exits 0 even when its JSON reports an error, so the JSON is read too. */
    private static String failureReason(RunningProcess.Outcome outcome, Duration timeout, Cancellation cancel) {
        if (cancel.isCancelled()) {
            return "the scenario was cancelled and iperf3 was stopped";
        }
        if (outcome.timedOut()) {
            return "iperf3 timed out after " + timeout.toSeconds() + " s and was killed";
        }
        String reported = Iperf3Errors.reportedError(outcome.stdoutText());
        if (reported != null) {
            return reported;
        }
        if (outcome.exitCode() == 0 && !outcome.killed()) {
            return null;
        }
        String stderr = outcome.stderrTail().strip();
        return "iperf3 exited with code " + outcome.exitCode() + (stderr.isEmpty() ? "" : ": " + stderr);
    }

    /** {@code --json-stream} prints one event per line; each interval event's data is one interval. */
    @SuppressWarnings("unchecked")
    static void forwardInterval(String line, LiveListener live) {
        if (!line.startsWith("{\"event\":\"interval\"")) {
            return;
        }
        try {
            LiveIntervals.forward((Map<String, Object>) Json.parseObject(line.getBytes()).get("data"), live);
        } catch (RuntimeException unexpectedShape) {
            // live figures are a preview; the full output still goes to the server
        }
    }
}
