package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A stock iperf3 to test against: Debian's 3.12 at /usr/bin/iperf3, or another Debian suite's iperf3 with its own
 * loader and libraries, which scripts/get-iperf3.sh unpacks before the full test tier (a test never downloads).
 */
public record Iperf3Binary(String version, List<String> command) {
    public static Iperf3Binary v39() {
        return unpacked("bullseye", "3.9");
    }

    static Iperf3Binary v312() {
        return new Iperf3Binary("3.12", List.of("/usr/bin/iperf3"));
    }

    static Iperf3Binary v318() {
        return unpacked("trixie", "3.18");
    }

    static Iperf3Binary v322() {
        return unpacked("sid", "3.22");
    }

    /** Every version the interop matrix covers: Debian 11/Ubuntu 22.04's, Debian 12's, 13's and sid's. */
    static List<Iperf3Binary> all() {
        return List.of(v39(), v312(), v318(), v322());
    }

    /**
     * Whether its UDP reports hold {@code sum_sent} and {@code sum_received}: before 3.11 they hold only {@code sum}
     * (esnet/iperf PR #1174), and a receiver's own byte count is in none of them.
     */
    boolean udpSumsApart() {
        return atLeast(11);
    }

    /**
     * Whether its client ends a {@code -n} test it receives ({@code -R}): 3.9's counts only the bytes it sent, so it
     * runs on until killed, against its own server as against any.
     */
    boolean endsReverseByteCount() {
        return atLeast(12);
    }

    private boolean atLeast(int minor) {
        String[] parts = version.split("\\.");
        return Integer.parseInt(parts[0]) > 3 || Integer.parseInt(parts[1]) >= minor;
    }

    private static Iperf3Binary unpacked(String suite, String version) {
        Path wrapper = Path.of(System.getenv().getOrDefault("TMPDIR", "/tmp"), "iperf3-" + suite, "iperf3");
        if (!Files.isExecutable(wrapper)) {
            throw new IllegalStateException("no iperf3 " + version + " at " + wrapper
                    + ": run scripts/get-iperf3.sh " + suite + " (scripts/test.sh --full does)");
        }
        return new Iperf3Binary(version, List.of(wrapper.toString()));
    }

    Process start(List<String> args, Path output) throws IOException {
        List<String> full = new ArrayList<>(command);
        full.addAll(args);
        return new ProcessBuilder(full).redirectOutput(output.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * {@code iperf3 -s -1 -p PORT} plus {@code args}, returned once the kernel lists its socket as listening: a probe
     * connection would be taken for the one test. Fails when it exits or does not listen within 10 s.
     */
    Process startServer(int port, List<String> args, Path output) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(List.of("-s", "-1", "-p", String.valueOf(port)));
        full.addAll(args);
        Process server = start(full, output);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!OpenSockets.listening(port)) {
            if (!server.isAlive() || System.nanoTime() > deadline) {
                server.destroyForcibly();
                throw new IllegalStateException(this + " -s did not listen on port " + port);
            }
            Thread.sleep(10);
        }
        return server;
    }

    @Override
    public String toString() {
        return "iperf3 " + version;
    }
}
