package com.burstline.agent;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** Runs a host command for facts (ethtool, ip, PowerShell) from an argument list; any failure means "unknown". */
final class HostCommands {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private HostCommands() {
    }

    /** The command's stdout, or null when it is missing, fails or takes too long. */
    static String output(List<String> command) {
        try {
            return installedOutput(command);
        } catch (IOException missing) {
            return null;
        }
    }

    /**
     * As {@link #output}, but a command that is not installed is an IOException: a fact can then say why it is
     * unknown ("no ethtool").
     */
    static String installedOutput(List<String> command) throws IOException {
        try {
            RunningProcess.Outcome outcome = RunningProcess.start(command, line -> { }).await(TIMEOUT);
            return outcome.exitCode() == 0 && !outcome.timedOut() ? outcome.stdoutText() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
