package com.burstline.agent;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A peer-side server for one test run as a process, iperf3's ({@link Iperf3ServerRole}) or the engine's
 * ({@link EngineServerRole}) alike: started, awaited until it listens, and watched until it exits or its time is up.
 */
final class PeerServerProcess {
    private static final Duration LISTEN_WAIT = Duration.ofSeconds(10);
    /**
     * The scenario waits on this, but a tighter poll costs the agent's barely compiled code more than it saves
     * (docs/benchmarks/code-notes.md).
     */
    private static final long LISTEN_POLL_MILLIS = 20;
    /** How iperf3 (strerror) and the engine (Java's BindException) say it, on Linux and Windows alike. */
    private static final String ADDRESS_IN_USE = "Address already in use";

    private PeerServerProcess() {
    }

    /**
     * Starts a one-test server process ({@code iperf3 -s -1}, or the engine's), returns it once it listens — by the
     * kernel's socket table when {@code byPortTable}, else by its "Server listening" line (on stdout from iperf3 in
     * text mode, on stderr from the engine with {@code -J}) — and kills it if it still runs after {@code timeout};
     * {@code whenDone} runs once when it exits or is killed.
     */
    static RunningProcess startListening(String what, List<String> command, int port, boolean byPortTable,
                                         Duration timeout, Runnable whenDone)
            throws IOException, InterruptedException {
        CountDownLatch listening = new CountDownLatch(1);
        Consumer<String> listeningLine = line -> {
            if (line.contains("Server listening")) {
                listening.countDown();
            }
        };
        RunningProcess process = RunningProcess.start(command, listeningLine, listeningLine);
        boolean up = byPortTable ? awaitListening(process, port) : listening.await(LISTEN_WAIT.toMillis(),
                TimeUnit.MILLISECONDS);
        if (!up || !process.isAlive()) {
            process.kill();
            RunningProcess.Outcome outcome = process.await(Duration.ofSeconds(5));
            whenDone.run();
            String reported = Iperf3Errors.reportedError(outcome.stdoutText());
            String reason = reported != null ? reported : (outcome.stdoutText() + " " + outcome.stderrTail()).strip();
            if (reason.contains(ADDRESS_IN_USE)) { // taken between the check and the tool's own bind
                throw new PortInUseException("TCP or UDP", port);
            }
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
            Thread.sleep(LISTEN_POLL_MILLIS);
        }
        return false;
    }
}
