package com.burstline.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the engine benchmark measures: loopback, or an unshaped veth pair between two network namespaces of its own
 * ({@code blbench-a} 10.83.0.1, {@code blbench-b} 10.83.0.2, MTU 1500, no qdisc beyond the default), the client in
 * one and the server in the other — two hosts' kernels' paths without a NIC's limit — or the same pair shaped to
 * 1 Gbit/s. Needs root.
 */
record BenchPath(String name, List<String> clientPrefix, List<String> serverPrefix, String serverAddress) {
    private static final String A = "blbench-a";
    private static final String B = "blbench-b";

    static BenchPath loopback() {
        return new BenchPath("loopback", List.of(), List.of(), "127.0.0.1");
    }

    /** Builds the namespaces and the veth pair (removing any left from before); {@link #down} removes them. */
    static BenchPath veth() {
        link(List.of());
        return new BenchPath("unshaped veth (namespaces " + A + " -> " + B + ")", List.of("ip", "netns", "exec", A),
                List.of("ip", "netns", "exec", B), "10.83.0.2");
    }

    /**
     * The same pair shaped as ShapedLinkIT shapes its link: jumbo frames and tbf at 1 Gbit/s (burst 1 MB, 50 ms
     * queue) on both ends, so that a UDP sender's bursts after a stall show as the receiver's loss.
     */
    static BenchPath shaped() {
        List<String> shaping = new ArrayList<>();
        for (String[] end : List.of(new String[] {A, "blbench-ta"}, new String[] {B, "blbench-tb"})) {
            shaping.add("ip -n " + end[0] + " link set " + end[1] + " mtu 9000");
            shaping.add("tc -n " + end[0] + " qdisc add dev " + end[1] + " root tbf rate 1gbit burst 1mb latency 50ms");
        }
        link(shaping);
        return new BenchPath("veth shaped to 1 Gbit/s, MTU 9000 (namespaces " + A + " -> " + B + ")",
                List.of("ip", "netns", "exec", A), List.of("ip", "netns", "exec", B), "10.83.0.2");
    }

    private static void link(List<String> shaping) {
        down();
        List<String> commands = new ArrayList<>(List.of("ip netns add " + A, "ip netns add " + B,
                "ip link add blbench-ta type veth peer name blbench-tb", "ip link set blbench-ta netns " + A,
                "ip link set blbench-tb netns " + B, "ip -n " + A + " addr add 10.83.0.1/24 dev blbench-ta",
                "ip -n " + B + " addr add 10.83.0.2/24 dev blbench-tb"));
        commands.addAll(shaping);
        commands.addAll(List.of("ip -n " + A + " link set blbench-ta up", "ip -n " + B + " link set blbench-tb up",
                "ip -n " + A + " link set lo up", "ip -n " + B + " link set lo up"));
        for (String command : commands) {
            String failed = run(List.of(command.split(" ")));
            if (failed != null) {
                throw new IllegalStateException(command + " failed (the veth rows need root): " + failed);
            }
        }
    }

    static void down() {
        run(List.of("ip", "netns", "del", A));
        run(List.of("ip", "netns", "del", B));
    }

    List<String> client(List<String> command) {
        List<String> full = new ArrayList<>(clientPrefix);
        full.addAll(command);
        return full;
    }

    List<String> server(List<String> command) {
        List<String> full = new ArrayList<>(serverPrefix);
        full.addAll(command);
        return full;
    }

    /** Runs a command; null on success, else its output. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes());
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? null : output;
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
