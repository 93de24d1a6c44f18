package com.burstline.engine;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Two network namespaces (bleng-a, bleng-b) joined by a veth shaped to 1 Gbit/s each way: the engine, as client and as
 * server, against stock iperf3 3.12, measures what the link carries — 0.9 to 1.0 Gbit/s received, or as much as iperf3
 * to iperf3 when the host is too busy for that — TCP and UDP, both directions. The engine runs as the shipped agent jar
 * inside the namespace. Jumbo frames and 8900-byte datagrams keep the packet rate (and the CPU it costs on a shared
 * 2-core machine) low, so that the shaper, not the CPU, is what limits; the omitted first second leaves the JVM's
 * warm-up out of the figure. At half and nine tenths of the link, the engine, sending and receiving, loses no more
 * datagrams than iperf3 does in the same rounds.
 */
class ShapedLinkIT {
    private static final String A = "bleng-a";
    private static final String B = "bleng-b";
    private static final String SERVER = "10.78.0.2";
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final List<String> ENGINE = List.of("java", "-jar", "target/burstline-agent.jar", "iperf3");
    private static final List<String> IPERF3 = List.of("/usr/bin/iperf3");
    private static final String IPERF3_PAIRING = "iperf3 -> iperf3";

    @BeforeAll
    static void link() {
        down();
        sh("ip netns add " + A, "ip netns add " + B, "ip link add bleng-ta type veth peer name bleng-tb",
                "ip link set bleng-ta netns " + A, "ip link set bleng-tb netns " + B,
                "ip -n " + A + " addr add 10.78.0.1/24 dev bleng-ta", "ip -n " + B + " addr add " + SERVER
                        + "/24 dev bleng-tb",
                "ip -n " + A + " link set bleng-ta mtu 9000", "ip -n " + B + " link set bleng-tb mtu 9000",
                "ip -n " + A + " link set bleng-ta up", "ip -n " + B + " link set bleng-tb up",
                "ip -n " + A + " link set lo up", "ip -n " + B + " link set lo up",
                "tc -n " + A + " qdisc add dev bleng-ta root tbf rate 1gbit burst 1mb latency 50ms",
                "tc -n " + B + " qdisc add dev bleng-tb root tbf rate 1gbit burst 1mb latency 50ms");
    }

    @AfterAll
    static void down() {
        for (String ns : List.of(A, B)) {
            run(List.of("ip", "netns", "del", ns));
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (String pairing : List.of("engine -> iperf3", "iperf3 -> engine")) {
            for (List<String> flags : List.of(List.<String>of(), List.of("-R"), List.of("-u", "-b", "1G", "-l", "8900"),
                    List.of("-u", "-b", "1G", "-l", "8900", "-R"))) {
                all.add(Arguments.of(pairing, flags));
            }
        }
        return all.stream();
    }

    /**
     * At the link's own rate, a UDP receiver that a busy shared machine descheduled for a few milliseconds overflows
     * its socket buffer, iperf3's as much as the engine's. So a figure under the band is set beside iperf3 to iperf3
     * with the same flags, measured right after: when iperf3 itself received no more (within 0.05 Gbit/s), the host
     * held both back, not the engine. Three attempts; every figure is printed. A figure above the link always fails.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void measuresTheShapedRate(String pairing, List<String> flags) throws Exception {
        List<String> attempts = new ArrayList<>();
        for (int attempt = 0; attempt < 3; attempt++) {
            double received = measure(pairing, flags);
            assertThat(received).as("received bit/s on a 1 Gbit/s link").isLessThanOrEqualTo(1.0e9);
            if (received >= 0.9e9) {
                return;
            }
            double reference = measure(IPERF3_PAIRING, flags);
            attempts.add(String.format("%.3f Gbit/s where iperf3 to iperf3 received %.3f", received / 1e9,
                    reference / 1e9));
            if (received >= reference - 0.05e9) {
                System.out.printf("shaped link, %s %s: under 0.9 Gbit/s, as iperf3 to iperf3 was: the host limited%n",
                        pairing, flags);
                return;
            }
        }
        fail("%s %s received under 0.9 Gbit/s and under iperf3 to iperf3 on the same link: %s", pairing, flags,
                attempts);
    }

    private double measure(String pairing, List<String> flags) throws Exception {
        List<String> timed = new ArrayList<>(List.of("-t", "5", "-O", "1"));
        timed.addAll(flags);
        Outputs out = run(tool(pairing.substring(0, pairing.indexOf(' '))),
                tool(pairing.substring(pairing.lastIndexOf(' ') + 1)), timed);
        JsonNode summary = (flags.contains("-R") ? out.client : out.server).path("end").path("sum_received");
        double received = summary.path("bits_per_second").asDouble();
        System.out.printf("shaped link, %s %s: %.3f Gbit/s received%s%n", pairing, flags, received / 1e9,
                summary.has("lost_percent") ? String.format(", %.2f%% lost", summary.path("lost_percent")
                        .asDouble()) : "");
        return received;
    }

    private static List<String> tool(String name) {
        return name.equals("engine") ? ENGINE : IPERF3;
    }

    /**
     * The engine adds no loss of its own, sending or receiving: at 0.5x and 0.9x the link, rounds of iperf3 to
     * iperf3, engine to iperf3 and iperf3 to engine, interleaved, and the engine's median count of lost datagrams
     * may exceed iperf3's by 0.1 % of the datagrams sent. A busy shared machine makes every receiver drop datagrams,
     * iperf3's as well; comparing counts from the same rounds leaves that out, medians leave out one disturbed round,
     * and a second set of rounds is measured when the first is outside. A sender that bursts what it owes after a
     * stall overflows the receiver's socket buffer, and the engine then loses where iperf3 does not.
     */
    @ParameterizedTest(name = "UDP at {0}x the link")
    @ValueSource(doubles = {0.5, 0.9})
    void theEngineLosesNoMoreDatagramsThanIperf3(double load) throws Exception {
        LossRounds rounds = lossRounds(load);
        if (!rounds.engineWithinIperf3()) {
            System.out.printf("shaped link, UDP at %.1fx: the engine lost more than iperf3, measuring once more%n",
                    load);
            rounds = lossRounds(load);
        }
        assertThat(rounds.sending().median()).as("engine sending: lost datagrams (median of %s) against iperf3's %s",
                rounds.sending().rounds(), rounds.iperf3().rounds()).isLessThanOrEqualTo(rounds.limit());
        assertThat(rounds.receiving().median())
                .as("engine receiving: lost datagrams (median of %s) against iperf3's %s", rounds.receiving().rounds(),
                        rounds.iperf3().rounds()).isLessThanOrEqualTo(rounds.limit());
    }

    private LossRounds lossRounds(double load) throws Exception {
        List<String> flags = List.of("-u", "-b", String.valueOf((long) (load * 1e9)), "-l", "8900", "-t", "5", "-O",
                "1");
        LossRounds rounds = new LossRounds(new LossRounds.Losses(), new LossRounds.Losses(),
                new LossRounds.Losses());
        for (int round = 0; round < 3; round++) {
            rounds.iperf3().add(loss(IPERF3_PAIRING, run(IPERF3, IPERF3, flags).client, load));
            rounds.sending().add(loss("engine -> iperf3", run(ENGINE, IPERF3, flags).server, load));
            rounds.receiving().add(loss("iperf3 -> engine", run(IPERF3, ENGINE, flags).client, load));
        }
        return rounds;
    }

    /** Loss from iperf3's side of the pair: what it counted, or what the engine told it. */
    private static LossRounds.Loss loss(String pairing, JsonNode iperf3Side, double load) {
        JsonNode received = iperf3Side.path("end").path("sum_received");
        long lost = received.path("lost_packets").asLong(-1);
        long packets = received.path("packets").asLong(-1);
        assertThat(packets).as("%s: datagrams counted", pairing).isPositive();
        System.out.printf("shaped link, UDP at %.1fx, %s: %d of %d datagrams lost, %.1f Mbit/s received%n", load,
                pairing, lost, packets, received.path("bits_per_second").asDouble() / 1e6);
        return new LossRounds.Loss(lost, packets);
    }

    private record Outputs(JsonNode client, JsonNode server) {
    }

    /** One test between the namespaces: the server in B, the client in A, both outputs read and free of errors. */
    private Outputs run(List<String> clientTool, List<String> serverTool, List<String> flags) throws Exception {
        Path serverOut = Files.createTempFile("shaped-server", ".json");
        Path clientOut = Files.createTempFile("shaped-client", ".json");
        List<String> server = new ArrayList<>(List.of("ip", "netns", "exec", B));
        server.addAll(serverTool);
        server.addAll(List.of("-s", "-1", "-p", "5201", "-J"));
        Process s = new ProcessBuilder(server).redirectOutput(serverOut.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            awaitListening(s);
            List<String> client = new ArrayList<>(List.of("ip", "netns", "exec", A));
            client.addAll(clientTool);
            client.addAll(List.of("-c", SERVER, "-p", "5201", "-J"));
            client.addAll(flags);
            Process c = new ProcessBuilder(client).redirectOutput(clientOut.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            assertThat(c.waitFor(40, TimeUnit.SECONDS)).isTrue();
            assertThat(s.waitFor(20, TimeUnit.SECONDS)).isTrue();
            JsonNode clientJson = MAPPER.readTree(clientOut.toFile());
            JsonNode serverJson = MAPPER.readTree(serverOut.toFile());
            assertThat(clientJson.has("error")).as("client: %s", clientJson.path("error")).isFalse();
            assertThat(serverJson.has("error")).as("server: %s", serverJson.path("error")).isFalse();
            return new Outputs(clientJson, serverJson);
        } finally {
            s.destroyForcibly();
            Files.deleteIfExists(serverOut);
            Files.deleteIfExists(clientOut);
        }
    }

    /** Polls B's listening TCP sockets until the server's control port is open (a JVM takes a second or so). */
    private static void awaitListening(Process server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline && server.isAlive()) {
            String listening = output(List.of("ip", "netns", "exec", B, "ss", "-Hltn", "sport", "=", ":5201"));
            if (listening != null && !listening.isBlank()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the server in " + B + " did not listen on port 5201");
    }

    private static void sh(String... commands) {
        for (String command : commands) {
            String output = run(List.of(command.split(" ")));
            if (output != null) {
                throw new IllegalStateException(command + " failed: " + output);
            }
        }
    }

    /** Runs a command; answers its output, or null when it fails. */
    private static String output(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes());
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? output : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Runs a command; answers null on success, else its output. */
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
