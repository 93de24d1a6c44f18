package com.burstline.bench;

import com.burstline.agent.AgentProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link BareJdkDaemon} process, started with the same java, flags and environment as the agents: the JVM's own
 * floor, for start-up time and for idle memory.
 */
final class BareDaemonProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private BareDaemonProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** {@code program}'s main (it prints "listening at" when ready) in a JVM launched as {@code variant} says. */
    static BareDaemonProcess start(Path log, Class<?> program, JvmVariant variant, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(AgentProcess.javaBin()));
        command.addAll(variant.flags());
        command.addAll(List.of("-cp", "target/test-classes", program.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(variant.env());
        Process process = builder.start();
        return new BareDaemonProcess(process, log);
    }

    /** Polls its output every 20 ms until it says it listens (after its one HttpClient call); gives up after 60 s. */
    void awaitListening() throws IOException, InterruptedException {
        for (int i = 0; !Files.readString(log).contains("listening at"); i++) {
            if (!process.isAlive() || i == 3000) {
                throw new IllegalStateException("the bare JDK daemon did not start: " + Files.readString(log));
            }
            Thread.sleep(20);
        }
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }
}
