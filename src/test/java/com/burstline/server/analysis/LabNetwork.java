package com.burstline.server.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The two-namespace lab of scripts/lab-network.sh under a prefix and subnet of this test's own (blcp, 10.79), so
 * that it never collides with the agents' lab: a veth shaped to 5 Gbit/s between blcp-a (client) and blcp-b. Other
 * features' tests name a prefix of their own (the {@code lab} overloads), so that one test's lab never tears down
 * another's.
 */
public final class LabNetwork {
    static final String LAB = "blcp";
    public static final String SERVER_ADDRESS = "10.79.0.2";
    static final String CLIENT_NS = LAB + "-a";
    static final String SERVER_NS = LAB + "-b";
    static final String CLIENT_LINK = LAB + "-ta";

    private LabNetwork() {
    }

    static void up() {
        up(LAB);
    }

    static void down() {
        down(LAB);
    }

    static void shapeClientSide(String rate) {
        shapeClientSide(LAB, rate);
    }

    public static void up(String lab) {
        run(lab, List.of("scripts/lab-network.sh", "up"));
    }

    public static void down(String lab) {
        run(lab, List.of("scripts/lab-network.sh", "down"));
    }

    /** A lab on a subnet of its own ({@code net}: the first two octets) with the test link shaped to {@code rate}. */
    public static void up(String lab, String net, String rate) {
        run(List.of("scripts/lab-network.sh", "up"), Map.of("BURSTLINE_LAB", lab, "BURSTLINE_LAB_NET", net,
                "BURSTLINE_LAB_RATE", rate));
    }

    public static void down(String lab, String net) {
        run(List.of("scripts/lab-network.sh", "down"), Map.of("BURSTLINE_LAB", lab, "BURSTLINE_LAB_NET", net));
    }

    /** Changes the client side's shaper, the one its upload goes through, as a burst allowance running out would. */
    public static void shapeClientSide(String lab, String rate) {
        run(lab, List.of("tc", "-n", lab + "-a", "qdisc", "change", "dev", lab + "-ta", "root", "tbf", "rate", rate,
                "burst", "1mb", "latency", "50ms"));
    }

    public static Process start(String namespace, List<String> command, Path output) throws IOException {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(false);
        builder.redirectOutput(output.toFile());
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        return builder.start();
    }

    private static void run(String lab, List<String> command) {
        run(command, Map.of("BURSTLINE_LAB", lab, "BURSTLINE_LAB_NET", "10.79"));
    }

    private static void run(List<String> command, Map<String, String> environment) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putAll(environment);
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + " could not start", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
