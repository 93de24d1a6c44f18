package com.burstline.agent;

import com.burstline.contract.Json;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A measuring tool's client run as a process, iperf3's or the engine's alike: its stdout kept whole as the output,
 * each {@code --json-stream} interval passed on as live figures while it runs, killed on cancel or after its
 * timeout, and its failure put in words from its own error report, its exit code or its stderr.
 */
final class ClientProcess {
    private ClientProcess() {
    }

    /**
     * @param tool     how messages name the tool: "iperf3", "the engine"
     * @param command  what runs
     * @param recorded the command the run keeps and the report prints (the same, or its portable form)
     */
    static Measurement measure(String tool, List<String> command, List<String> recorded, String format,
                               Duration timeout, MeasurementTool.LiveListener live, Cancellation cancellation)
            throws InterruptedException {
        return measure(tool, command, recorded, format, timeout, line -> forwardInterval(line, live), cancellation);
    }

    /** As the other, each line of stdout handed to {@code lines} while the tool runs. */
    static Measurement measure(String tool, List<String> command, List<String> recorded, String format,
                               Duration timeout, Consumer<String> lines, Cancellation cancellation)
            throws InterruptedException {
        RunningProcess process;
        try {
            process = RunningProcess.start(command, lines);
        } catch (IOException e) {
            return new Measurement(false, "cannot start " + tool + ": " + e.getMessage(), "", format, "", recorded,
                    null);
        }
        cancellation.attach(process::kill);
        RunningProcess.Outcome outcome = process.await(timeout);
        String failure = failureReason(tool, outcome, timeout, cancellation);
        return new Measurement(failure == null, failure, outcome.stdoutText(), format, outcome.stderrTail(), recorded,
                outcome.exitCode());
    }

    /** Null for success. iperf3 3.12 exits 0 even when its JSON reports an error, so the JSON is read too. */
    private static String failureReason(String tool, RunningProcess.Outcome outcome, Duration timeout,
                                        Cancellation cancel) {
        if (cancel.isCancelled()) {
            return "the scenario was cancelled and " + tool + " was stopped";
        }
        if (outcome.timedOut()) {
            return tool + " timed out after " + timeout.toSeconds() + " s and was killed";
        }
        String reported = Iperf3Errors.reportedError(outcome.stdoutText());
        if (reported != null) {
            return reported;
        }
        if (outcome.exitCode() == 0 && !outcome.killed()) {
            return null;
        }
        String stderr = outcome.stderrTail().strip();
        return tool + " exited with code " + outcome.exitCode() + (stderr.isEmpty() ? "" : ": " + stderr);
    }

    /** {@code --json-stream} prints one event per line; each interval event's data is one interval. */
    @SuppressWarnings("unchecked")
    static void forwardInterval(String line, MeasurementTool.LiveListener live) {
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
