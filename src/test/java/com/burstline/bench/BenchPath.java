package com.burstline.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the engine benchmark measures: loopback, or an unshaped veth pair between two network namespaces of its own
 * ({@code blbench-a} 10.83.0.1, {@code blbench-b} 10.83.0.2, MTU 1500, no qdisc beyond the default), the client in
 * one and the server in the other — two hosts' kernels' paths without a NIC's limit — or the same pair shaped to
 * 1 Gbit/s. The UDP pacing rows ({@link #udpShaped}) shape a pair of their own ({@code udpp-a} 10.77.50.1,
 * {@code udpp-b} 10.77.50.2), so that they can run beside the other rows' namespaces. Needs root.
 */
record BenchPath(String name, List<String> clientPrefix, List<String> serverPrefix, String serverAddress) {
    private static final String A = "blbench-a";
    private static final String B = "blbench-b";
    private static final String UDP_A = "udpp-a";
    private static final String UDP_B = "udpp-b";

    static BenchPath loopback() {
        return new BenchPath("loopback", List.of(), List.of(), "127.0.0.1");
    }

    /** Builds the namespaces and the veth pair (removing any left from before); {@link #down} removes them. */
    static BenchPath veth() {
        link(A, B, "blbench-t", "10.83.0.", List.of());
        return new BenchPath("unshaped veth (namespaces " + A + " -> " + B + ")", List.of("ip", "netns", "exec", A),
                List.of("ip", "netns", "exec", B), "10.83.0.2");
    }

    /**
     * The same pair shaped as ShapedLinkIT shapes its link: jumbo frames and tbf at 1 Gbit/s (burst 1 MB, 50 ms
     * queue) on both ends, so that a UDP sender's bursts after a stall show as the receiver's loss.
     */
    static BenchPath shaped() {
        return shaped("1gbit");
    }

    /** The pair shaped to {@code rate} (tc's word: 1gbit, 5gbit), an instance's limit where a team measures. */
    static BenchPath shaped(String rate) {
        link(A, B, "blbench-t", "10.83.0.", shaping(A, B, "blbench-t", rate));
        return new BenchPath("veth shaped to " + rate + ", MTU 9000 (namespaces " + A + " -> " + B + ")",
                List.of("ip", "netns", "exec", A), List.of("ip", "netns", "exec", B), "10.83.0.2");
    }

    /** The shaped link again, on namespaces of its own; {@link #downUdpShaped} removes them. */
    static BenchPath udpShaped() {
        link(UDP_A, UDP_B, "udpp-t", "10.77.50.", shaping(UDP_A, UDP_B, "udpp-t", "1gbit"));
        return new BenchPath("veth shaped to 1 Gbit/s, MTU 9000 (namespaces " + UDP_A + " -> " + UDP_B + ")",
                List.of("ip", "netns", "exec", UDP_A), List.of("ip", "netns", "exec", UDP_B), "10.77.50.2");
    }

    /**
     * A pair of namespaces of a benchmark's own, {@code a} (.1 of {@code net}) and {@code b} (.2), unshaped when
     * {@code rate} is null, else shaped as {@link #shaped(String)}; {@link #down(String, String)} removes them.
     */
    static BenchPath pair(String a, String b, String veth, String net, String rate) {
        link(a, b, veth, net, rate == null ? List.of() : shaping(a, b, veth, rate));
        return new BenchPath((rate == null ? "unshaped veth" : "veth shaped to " + rate + ", MTU 9000")
                + " (namespaces " + a + " -> " + b + ")", List.of("ip", "netns", "exec", a),
                List.of("ip", "netns", "exec", b), net + "2");
    }

    private static List<String> shaping(String a, String b, String veth, String rate) {
        List<String> shaping = new ArrayList<>();
        for (String[] end : List.of(new String[] {a, veth + "a"}, new String[] {b, veth + "b"})) {
            shaping.add("ip -n " + end[0] + " link set " + end[1] + " mtu 9000");
            shaping.add("tc -n " + end[0] + " qdisc add dev " + end[1] + " root tbf rate " + rate + " burst 1mb latency 50ms");
        }
        return shaping;
    }

    /** Namespaces {@code a} (.1) and {@code b} (.2 of {@code net}) joined by veths {@code veth}a and {@code veth}b. */
    private static void link(String a, String b, String veth, String net, List<String> shaping) {
        down(a, b);
        List<String> commands = new ArrayList<>(List.of("ip netns add " + a, "ip netns add " + b,
                "ip link add " + veth + "a type veth peer name " + veth + "b", "ip link set " + veth + "a netns " + a,
                "ip link set " + veth + "b netns " + b, "ip -n " + a + " addr add " + net + "1/24 dev " + veth + "a",
                "ip -n " + b + " addr add " + net + "2/24 dev " + veth + "b"));
        commands.addAll(shaping);
        commands.addAll(List.of("ip -n " + a + " link set " + veth + "a up", "ip -n " + b + " link set " + veth
                + "b up", "ip -n " + a + " link set lo up", "ip -n " + b + " link set lo up"));
        for (String command : commands) {
            String failed = run(List.of(command.split(" ")));
            if (failed != null) {
                throw new IllegalStateException(command + " failed (the veth rows need root): " + failed);
            }
        }
    }

    static void down() {
        down(A, B);
    }

    static void downUdpShaped() {
        down(UDP_A, UDP_B);
    }

    static void down(String a, String b) {
        run(List.of("ip", "netns", "del", a));
        run(List.of("ip", "netns", "del", b));
    }

    /** A kernel counter (nstat's name, e.g. UdpRcvbufErrors) in the server's or the client's namespace. */
    long counter(boolean serverSide, String name) {
        List<String> command = new ArrayList<>(serverSide ? serverPrefix : clientPrefix);
        command.addAll(List.of("nstat", "-a", "-z", "-s", name));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes());
            p.waitFor(10, TimeUnit.SECONDS);
            return output.lines().map(String::trim).filter(l -> l.startsWith(name + " ")).mapToLong(l -> Long
                    .parseLong(l.split("\\s+")[1])).findFirst().orElse(-1);
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
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
