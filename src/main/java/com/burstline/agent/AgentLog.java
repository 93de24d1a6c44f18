package com.burstline.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code --log FILE}: the agent's output (its log lines and its one-line start failures) appended to a file, for
 * hosts that start it without a console (a Windows scheduled task). A file past 10 MB is moved to FILE.1 when the
 * agent starts, so at most twice that stays on the host.
 */
final class AgentLog {
    static final long ROTATE_BYTES = 10L * 1024 * 1024;

    private AgentLog() {
    }

    static void redirect(Path file) {
        try {
            if (Files.isRegularFile(file) && Files.size(file) > ROTATE_BYTES) {
                Files.move(file, file.resolveSibling(file.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
            }
            PrintStream out = new PrintStream(new FileOutputStream(file.toFile(), true), true, StandardCharsets.UTF_8);
            System.setOut(out);
            System.setErr(out);
        } catch (IOException e) {
            System.err.println("burstline-agent: --log " + file + " cannot be written (" + e.getMessage()
                    + "); the log stays on the console");
        }
    }
}
