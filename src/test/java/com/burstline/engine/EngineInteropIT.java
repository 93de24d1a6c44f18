package com.burstline.engine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The engine against stock iperf3 3.12 and 3.18 on loopback, both pairings: Java client to {@code iperf3 -s} and
 * {@code iperf3 -c} to the Java server. Both sides must finish without error, and what the sender sent and the
 * receiver received, each in its own report, must agree within 1% (UDP: no loss, and the packets of both reports
 * alike but for the datagrams in flight at TEST_END).
 */
class EngineInteropIT {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final int PORT = 5631;

    static Stream<Arguments> cases() {
        List<List<String>> flags = List.of(
                List.of("-t", "4"),
                List.of("-t", "4", "-R"),
                List.of("-t", "4", "--bidir"),
                List.of("-t", "4", "-P", "4"),
                List.of("-t", "4", "-O", "1"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "2"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "2", "-R"),
                List.of("-u", "-b", "10M", "-l", "1400", "-t", "2", "-P", "2"));
        List<Arguments> all = new ArrayList<>();
        for (Iperf3Binary binary : List.of(Iperf3Binary.v312(), Iperf3Binary.v318())) {
            for (List<String> f : flags) {
                all.add(Arguments.of(binary, f));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "Java client -> {0} -s, {1}")
    @MethodSource("cases")
    void javaClientToIperf3Server(Iperf3Binary iperf3, List<String> flags) throws Exception {
        Path serverJson = Files.createTempFile("iperf3-server", ".json");
        Process server = iperf3.start(List.of("-s", "-1", "-p", String.valueOf(PORT), "-J"), serverJson);
        try {
            Thread.sleep(500);
            List<String> args = new ArrayList<>(List.of("-c", "127.0.0.1", "-p", String.valueOf(PORT), "-J"));
            args.addAll(flags);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit = Iperf3Command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            assertThat(server.waitFor(20, TimeUnit.SECONDS)).as("iperf3 -s -1 ends").isTrue();
            JsonNode engine = MAPPER.readTree(out.toByteArray());
            JsonNode stock = MAPPER.readTree(Files.readAllBytes(serverJson));
            assertThat(exit).as("engine: %s", engine.path("error")).isZero();
            assertThat(server.exitValue()).isZero();
            assertAgree(engine, stock, flags);
        } finally {
            server.destroyForcibly();
            Files.deleteIfExists(serverJson);
        }
    }

    @ParameterizedTest(name = "{0} -c -> Java server, {1}")
    @MethodSource("cases")
    void iperf3ClientToJavaServer(Iperf3Binary iperf3, List<String> flags) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        Path clientJson = Files.createTempFile("iperf3-client", ".json");
        try (Server server = new Server(new ServerOptions(PORT, true, 1), () -> new JsonOutput(print, false))) {
            Thread serving = new Thread(server::serve);
            serving.start();
            List<String> args = new ArrayList<>(List.of("-c", "127.0.0.1", "-p", String.valueOf(PORT), "-J"));
            args.addAll(flags);
            Process client = iperf3.start(args, clientJson);
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).as("iperf3 -c ends").isTrue();
            serving.join(20_000);
            JsonNode stock = MAPPER.readTree(Files.readAllBytes(clientJson));
            JsonNode engine = MAPPER.readTree(out.toByteArray());
            assertThat(client.exitValue()).as("iperf3: %s", stock.path("error")).isZero();
            assertThat(engine.has("error")).as("engine: %s", engine.path("error")).isFalse();
            assertAgree(stock, engine, flags);
        } finally {
            Files.deleteIfExists(clientJson);
        }
    }

    /** Each direction: the sender's own sum_sent against the receiver's own sum_received, within 1%. */
    private static void assertAgree(JsonNode client, JsonNode server, List<String> flags) {
        assertThat(client.has("error")).as("client: %s", client.path("error")).isFalse();
        assertThat(server.has("error")).as("server: %s", server.path("error")).isFalse();
        boolean reverse = flags.contains("-R");
        boolean udp = flags.contains("-u");
        JsonNode sender = reverse ? server : client;
        JsonNode receiver = reverse ? client : server;
        agree(sender.path("end"), receiver.path("end"), "", udp);
        if (flags.contains("--bidir")) {
            agree(server.path("end"), client.path("end"), "_bidir_reverse", udp);
        }
        assertThat(client.path("intervals").size()).isGreaterThanOrEqualTo(2);
        assertThat(server.path("intervals").size()).isGreaterThanOrEqualTo(2);
    }

    private static void agree(JsonNode senderEnd, JsonNode receiverEnd, String suffix, boolean udp) {
        JsonNode sent = senderEnd.path("sum_sent" + suffix);
        JsonNode received = receiverEnd.path("sum_received" + suffix);
        double sentBytes = sent.path("bytes").asDouble();
        assertThat(sentBytes).as("bytes sent").isPositive();
        // At TEST_END each side counts what it handed to or took from its socket: what the kernel still held in the
        // two socket buffers of a TCP stream was sent but not received. Under load a 4-stream loopback run held 3 %.
        double inFlight = udp ? 0 : senderEnd.path("streams").size() * KernelBuffers.tcpMaxBytes();
        double byteTolerance = Math.max(sentBytes * 0.01, inFlight);
        assertThat(received.path("bytes").asDouble()).as("bytes received vs sent")
                .isCloseTo(sentBytes, within(byteTolerance));
        double sentRate = sent.path("bits_per_second").asDouble();
        double seconds = Math.max(sent.path("seconds").asDouble(), 1e-3);
        assertThat(received.path("bits_per_second").asDouble()).as("received vs sent rate")
                .isCloseTo(sentRate, within(Math.max(sentRate * 0.01, inFlight * 8 / seconds)));
        if (udp) {
            JsonNode senderSum = senderEnd.path("sum" + suffix);
            JsonNode receiverSum = receiverEnd.path("sum" + suffix);
            // The sender counts the datagrams still in flight when the receiver stops counting at TEST_END (at
            // most one per stream here, as between two iperf3s); none of them is lost.
            long sentPackets = sent.path("packets").asLong();
            assertThat(received.path("packets").asLong()).as("packets received of %d sent", sentPackets)
                    .isBetween(sentPackets - 2, sentPackets).isPositive();
            assertThat(receiverSum.path("lost_packets").asLong()).as("lost, receiver's report").isZero();
            assertThat(senderSum.path("lost_packets").asLong()).as("lost, sender's report").isZero();
        }
    }
}
