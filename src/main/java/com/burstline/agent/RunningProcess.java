package com.burstline.agent;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A started tool process: started from an argument list (never a shell), its stdout kept whole and byte-exact and
 * also handed line by line to a listener, the tail of its stderr kept as diagnostics, and the whole process tree
 * killed on timeout or cancel.
 */
final class RunningProcess {
    private static final int STDERR_TAIL_BYTES = 8 * 1024;

    private final Process process;
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private volatile boolean killed;

    private RunningProcess(Process process, Consumer<String> stdoutLines, Consumer<String> stderrLines) {
        this.process = process;
        this.stdoutReader = daemon("stdout-" + process.pid(),
                () -> pump(process.getInputStream(), stdout, stdoutLines));
        this.stderrReader = daemon("stderr-" + process.pid(),
                () -> pump(process.getErrorStream(), stderr, stderrLines));
    }

    static RunningProcess start(List<String> command, Consumer<String> stdoutLines) throws IOException {
        return start(command, stdoutLines, line -> { });
    }

    /** Starts {@code command}; each line of its stdout and of its stderr goes to the listener for that stream. */
    static RunningProcess start(List<String> command, Consumer<String> stdoutLines, Consumer<String> stderrLines)
            throws IOException {
        return start(command, java.util.Map.of(), stdoutLines, stderrLines);
    }

    /** As above, with {@code environment} added to the agent's: how data reaches a script without being its code. */
    static RunningProcess start(List<String> command, java.util.Map<String, String> environment,
                                Consumer<String> stdoutLines, Consumer<String> stderrLines) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File(nullDevice())));
        return new RunningProcess(builder.start(), stdoutLines, stderrLines);
    }

    /** Waits for the exit; past the timeout the whole tree is killed. */
    Outcome await(Duration timeout) throws InterruptedException {
        boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        boolean timedOut = !exited;
        if (timedOut) {
            kill();
        }
        process.waitFor();
        stdoutReader.join(5_000);
        stderrReader.join(5_000);
        return new Outcome(process.exitValue(), stdoutBytes(), stderrTail(), timedOut, killed);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the process and everything it started: iperf3 forks nothing today, but a wrapper script might. */
    void kill() {
        killed = true;
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private byte[] stdoutBytes() {
        synchronized (stdout) {
            return stdout.toByteArray();
        }
    }

    private String stderrTail() {
        byte[] all;
        synchronized (stderr) {
            all = stderr.toByteArray();
        }
        int from = Math.max(0, all.length - STDERR_TAIL_BYTES);
        return new String(all, from, all.length - from, StandardCharsets.UTF_8);
    }

    private static Thread daemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void pump(InputStream in, ByteArrayOutputStream sink, Consumer<String> lineListener) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try (InputStream buffered = new BufferedInputStream(in)) {
            int b;
            while ((b = buffered.read()) != -1) {
                synchronized (sink) {
                    sink.write(b);
                }
                if (b == '\n') {
                    lineListener.accept(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        } catch (IOException closedBecauseKilled) {
            // the process is gone; what was read is kept
        }
    }

    private static String nullDevice() {
        return System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null";
    }

    /** How a process ended: exit code, stdout exactly as printed, the tail of stderr. */
    record Outcome(int exitCode, byte[] stdout, String stderrTail, boolean timedOut, boolean killed) {
        String stdoutText() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }
}
