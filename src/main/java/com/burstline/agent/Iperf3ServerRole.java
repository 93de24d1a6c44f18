package com.burstline.agent;

import com.burstline.contract.Iperf3Command;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The peer's side of a scenario: {@code iperf3 -s -p PORT -1} (one test, then exit), started before the client and
 * killed if still running after its timeout. Where the kernel's socket table can be read ({@link ListeningPorts},
 * Linux) it runs with {@code -J}, so that the client's {@code --get-server-output} brings back the server's intervals
 * as JSON — the receiver's report of an upload — and the table says when it listens. Elsewhere it runs in text mode,
 * where "Server listening" says so (the client then gets the server's text, which the import keeps but does not read).
 */
final class Iperf3ServerRole {
    private static final Duration LISTEN_WAIT = Duration.ofSeconds(10);

    private final String iperf3Path;

    Iperf3ServerRole(String iperf3Path) {
        this.iperf3Path = iperf3Path;
    }

    List<String> arguments(int port, boolean json) {
        List<String> args = new ArrayList<>(Iperf3Command.server(iperf3Path, port));
        if (json) {
            args.add("-J");
        }
        args.add("--forceflush");
        return List.copyOf(args);
    }

    /**
     * Starts the server and returns it once it listens; {@code whenDone} runs when it exits or is killed.
     *
     * @throws IllegalStateException with iperf3's reason when it does not come up
     */
    RunningProcess start(int port, Duration timeout, Runnable whenDone) throws IOException, InterruptedException {
        boolean json = ListeningPorts.available();
        return startListening("iperf3 server", arguments(port, json), port, json, timeout, whenDone);
    }

    /**
     * Starts a one-test server process ({@code iperf3 -s -1}, or the engine's), returns it once it listens — by the
     * kernel's socket table when {@code byPortTable}, else by its "Server listening" line — and kills it if it still
     * runs after {@code timeout}; {@code whenDone} runs once when it exits or is killed.
     */
    static RunningProcess startListening(String what, List<String> command, int port, boolean byPortTable,
                                         Duration timeout, Runnable whenDone)
            throws IOException, InterruptedException {
        CountDownLatch listening = new CountDownLatch(1);
        RunningProcess process = RunningProcess.start(command, line -> {
            if (line.contains("Server listening")) {
                listening.countDown();
            }
        });
        boolean up = byPortTable ? awaitListening(process, port) : listening.await(LISTEN_WAIT.toMillis(),
                TimeUnit.MILLISECONDS);
        if (!up || !process.isAlive()) {
            process.kill();
            RunningProcess.Outcome outcome = process.await(Duration.ofSeconds(5));
            whenDone.run();
            String reason = (outcome.stdoutText() + " " + outcome.stderrTail()).strip();
            throw new IllegalStateException(what + " on port " + port + " did not start"
                    + (reason.isEmpty() ? "" : ": " + reason));
        }
        Thread watchdog = new Thread(() -> {
            try {
                process.await(timeout);
            } catch (InterruptedException e) {
                process.kill();
            } finally {
                whenDone.run();
            }
        }, "server-role-" + port);
        watchdog.setDaemon(true);
        watchdog.start();
        return process;
    }
    private static boolean awaitListening(RunningProcess process, int port) throws InterruptedException {
        long deadline = System.nanoTime() + LISTEN_WAIT.toNanos();
        while (process.isAlive() && System.nanoTime() < deadline) {
            if (ListeningPorts.listening(port)) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }
}
