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
            RunningProcess.Outcome outcome = RunningProcess.start(command, line -> { }).await(TIMEOUT);
            return outcome.exitCode() == 0 && !outcome.timedOut() ? outcome.stdoutText() : null;
        } catch (IOException missing) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
