package com.burstline.engine;

import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

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
 * The engine against stock iperf3 3.9, 3.12, 3.18 and 3.22 on loopback, both pairings: Java client to
 * {@code iperf3 -s} and {@code iperf3 -c} to the Java server. Both sides must finish without error, and what the
 * sender sent and the receiver received, each in its own report, must agree within 1% (UDP: no loss, and the packets
 * of both reports alike but for the datagrams in flight at TEST_END). What each side took from the other in the
 * results exchange must be what the other reported itself: the same bytes, and UDP packets net of the omit period
 * counted once. Tests are a second long with reports every 0.2 s, so the whole matrix takes minutes.
 */
class EngineInteropIT {
    private static final double CLOCK_SKEW_SECONDS = 0.05;
    /** Every report, both sides: short tests still give several intervals to check. */
    private static final String INTERVAL = "0.2";

    /** The fast tier's few cases: 3.12 only, TCP both ways and UDP. */
    private static final List<List<String>> FAST = List.of(
            List.of("-t", "1"),
            List.of("-t", "1", "-R"),
            List.of("-u", "-b", "20M", "-l", "1400", "-t", "1"));

    static Stream<Arguments> fastCases() {
        return FAST.stream().map(flags -> Arguments.of(Iperf3Binary.v312(), flags));
    }

    /** The full tier's matrix: every case with every version, less those the fast tier ran. */
    static Stream<Arguments> fullCases() {
        List<List<String>> flags = List.of(
                List.of("-t", "1"),
                List.of("-t", "1", "-R"),
                List.of("-t", "1", "--bidir"),
                List.of("-t", "1", "-P", "4"),
                List.of("-t", "1", "-O", "1"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "1"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "1", "-R"),
                List.of("-u", "-b", "10M", "-l", "1400", "-t", "1", "-P", "2"),
                List.of("-u", "-b", "10M", "-l", "1400", "-t", "1", "-P", "2", "-R"),
                List.of("-u", "-b", "10M", "-l", "1400", "-t", "1", "--bidir"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "1", "-O", "1"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "1", "-O", "1", "-R"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "1", "--udp-counters-64bit"),
                List.of("-t", "1", "-w", "256K"),
                List.of("-t", "1", "-P", "16"),
                List.of("-n", "2G"),
                List.of("-n", "2G", "-R"),
                List.of("-t", "1", "--get-server-output"),
                List.of("-u", "-b", "20M", "-l", "1400", "-t", "1", "-O", "1", "--get-server-output"));
        List<Arguments> all = new ArrayList<>();
        for (Iperf3Binary binary : Iperf3Binary.all()) {
            for (List<String> f : flags) {
                if (!(binary.version().equals("3.12") && FAST.contains(f))) {
                    all.add(Arguments.of(binary, f));
                }
            }
        }
        return all.stream();
    }

    @Tag("fast")
    @ParameterizedTest(name = "Java client -> {0} -s, {1}")
    @MethodSource("fastCases")
    void javaClientToIperf3ServerFast(Iperf3Binary iperf3, List<String> flags) throws Exception {
        javaClientToIperf3Server(iperf3, flags);
    }

    @Tag("fast")
    @ParameterizedTest(name = "{0} -c -> Java server, {1}")
    @MethodSource("fastCases")
    void iperf3ClientToJavaServerFast(Iperf3Binary iperf3, List<String> flags) throws Exception {
        iperf3ClientToJavaServer(iperf3, flags);
    }

    @ParameterizedTest(name = "Java client -> {0} -s, {1}")
    @MethodSource("fullCases")
    void javaClientToIperf3Server(Iperf3Binary iperf3, List<String> flags) throws Exception {
        Path serverJson = Files.createTempFile("iperf3-server", ".json");
        int port = TestPorts.free();
        Process server = iperf3.startServer(port, List.of("-J", "-i", INTERVAL), serverJson);
        try {
            List<String> args = new ArrayList<>(List.of("-c", "127.0.0.1", "-p", String.valueOf(port), "-J",
                    "-i", INTERVAL));
            args.addAll(flags);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long dropsBefore = UdpReceiveDrops.now();
            int exit = EngineCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            assertThat(server.waitFor(20, TimeUnit.SECONDS)).as("iperf3 -s -1 ends").isTrue();
            JsonNode engine = Iperf3Reports.read(out.toByteArray());
            JsonNode stock = Iperf3Reports.read(Files.readAllBytes(serverJson));
            assertThat(exit).as("engine: %s", engine.path("error")).isZero();
            assertThat(server.exitValue()).isZero();
            assertAgree(engine, stock, flags, new Peers(false, true, iperf3.udpSumsApart(),
                    stockReceiverDrops(flags.contains("-R"), dropsBefore)));
        } finally {
            server.destroyForcibly();
            Files.deleteIfExists(serverJson);
        }
    }

    /** The same, less what the stock client itself cannot run. */
    static Stream<Arguments> fullCasesForStockClients() {
        return fullCases().filter(arguments -> {
            Iperf3Binary binary = (Iperf3Binary) arguments.get()[0];
            List<?> flags = (List<?>) arguments.get()[1];
            return binary.endsReverseByteCount() || !(flags.contains("-n") && flags.contains("-R"));
        });
    }

    @ParameterizedTest(name = "{0} -c -> Java server, {1}")
    @MethodSource("fullCasesForStockClients")
    void iperf3ClientToJavaServer(Iperf3Binary iperf3, List<String> flags) throws Exception {
        long dropsBefore = UdpReceiveDrops.now();
        Reports reports = againstJavaServer(iperf3, flags);
        assertThat(reports.clientExit()).as("iperf3: %s", reports.stock().path("error")).isZero();
        assertThat(reports.engine().has("error")).as("engine: %s", reports.engine().path("error")).isFalse();
        assertAgree(reports.stock(), reports.engine(), flags, new Peers(true, false, iperf3.udpSumsApart(),
                stockReceiverDrops(!flags.contains("-R"), dropsBefore)));
    }

    /** The stock client's report, its exit code, and the Java server's report of the same test. */
    private record Reports(JsonNode stock, int clientExit, JsonNode engine) {
    }

    /**
     * The datagrams the host's kernel dropped at a full receive buffer since {@code before}, when stock iperf3 received
     * the forward direction; 0 when the engine received it, whose own receiving must lose nothing.
     */
    private static long stockReceiverDrops(boolean stockReceives, long before) {
        return stockReceives ? UdpReceiveDrops.now() - before : 0;
    }

    /**
     * Which report is stock iperf3's, and whether its UDP reports hold {@code sum_sent} and {@code sum_received}
     * (3.11+) or only {@code sum} (the engine's always hold all three). {@code stockReceiverDrops}: the datagrams the
     * kernel dropped at a stock iperf3 receiver's full buffer during the test, which its report counts as lost.
     */
    private record Peers(boolean stockClient, boolean stockServer, boolean stockUdpSumsApart,
                         long stockReceiverDrops) {
        boolean sumsApart(boolean client) {
            return stockUdpSumsApart || (client ? !stockClient : !stockServer);
        }
    }

    private static Reports againstJavaServer(Iperf3Binary iperf3, List<String> flags) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        Path clientJson = Files.createTempFile("iperf3-client", ".json");
        try (Server server = new Server(new ServerOptions(0, true, Double.parseDouble(INTERVAL)),
                () -> new JsonOutput(print, false))) {
            Thread serving = new Thread(server::serve);
            serving.start();
            List<String> args = new ArrayList<>(List.of("-c", "127.0.0.1", "-p", String.valueOf(server.port()),
                    "-J", "-i", INTERVAL));
            args.addAll(flags);
            Process client = iperf3.start(args, clientJson);
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).as("iperf3 -c ends").isTrue();
            serving.join(20_000);
            return new Reports(Iperf3Reports.read(Files.readAllBytes(clientJson)), client.exitValue(),
                    Iperf3Reports.read(out.toByteArray()));
        } finally {
            Files.deleteIfExists(clientJson);
        }
    }

    static Stream<Iperf3Binary> binaries() {
        return Iperf3Binary.all().stream();
    }

    /** iperf3 -c -u -b 0 sends no bandwidth key: the server's default is unlimited, not the client's 1 Mbit/s. */
    @ParameterizedTest(name = "{0} -c -u -b 0 -R -> Java server sends unlimited")
    @MethodSource("binaries")
    void anUnlimitedUdpRateIsUnlimitedOnTheJavaServer(Iperf3Binary iperf3) throws Exception {
        Reports reports = againstJavaServer(iperf3, List.of("-u", "-b", "0", "-R", "-t", "1"));
        assertThat(reports.engine().path("end").path("sum_sent").path("bits_per_second").asDouble())
                .as("the Java server's sending rate, bit/s").isGreaterThan(50e6);
    }

    /**
     * Each direction: the sender's own sum_sent against the receiver's own sum_received, within 1%; and what each side
     * took from the other in the results exchange against what the other reported itself.
     */
    private static void assertAgree(JsonNode client, JsonNode server, List<String> flags, Peers peers) {
        assertThat(client.has("error")).as("client: %s", client.path("error")).isFalse();
        assertThat(server.has("error")).as("server: %s", server.path("error")).isFalse();
        boolean reverse = flags.contains("-R");
        boolean udp = flags.contains("-u");
        boolean omit = flags.contains("-O");
        Sums clientSums = new Sums(client.path("end"), !udp || peers.sumsApart(true));
        Sums serverSums = new Sums(server.path("end"), !udp || peers.sumsApart(false));
        agree(reverse ? serverSums : clientSums, reverse ? clientSums : serverSums, "", udp, omit,
                peers.stockReceiverDrops());
        if (flags.contains("--bidir")) {
            agree(serverSums, clientSums, "_bidir_reverse", udp, omit, 0);
        }
        long block = (long) server.path("start").path("test_start").path("blksize").asInt()
                * server.path("start").path("test_start").path("num_streams").asInt();
        Exchange exchange = new Exchange(clientSums, serverSums, udp, peers.stockServer() ? block : -1);
        exchange.check("", reverse);
        if (flags.contains("--bidir")) {
            exchange.check("_bidir_reverse", true);
        }
        assertThat(client.path("intervals").size()).isGreaterThanOrEqualTo(2);
        assertThat(server.path("intervals").size()).isGreaterThanOrEqualTo(2);
        if (flags.contains("--get-server-output")) {
            JsonNode serverOutput = client.path("server_output_json");
            assertThat(serverOutput.path("intervals").size()).as("the server's intervals in the client's output")
                    .isEqualTo(server.path("intervals").size());
            // Before 3.11 a UDP server reports no bytes received of its own, only the datagrams.
            String sum = serverSums.apart() ? "sum_received" : "sum";
            String count = serverSums.apart() ? "bytes" : "packets";
            assertThat(serverOutput.path("end").path(sum).path(count).asLong())
                    .isEqualTo(server.path("end").path(sum).path(count).asLong()).isPositive();
        }
    }

    /**
     * One report's {@code end}. {@code apart}: it holds {@code sum_sent} and {@code sum_received}; a UDP report of
     * iperf3 before 3.11 holds only {@code sum}, the sender's bytes and packets with the receiver's loss and jitter.
     */
    private record Sums(JsonNode end, boolean apart) {
        /** What this side sent, by its own count. */
        JsonNode sent(String suffix) {
            return end.path((apart ? "sum_sent" : "sum") + suffix);
        }

        /** What this side received, by its own count; missing where the report has no such figure. */
        JsonNode received(String suffix) {
            return apart ? end.path("sum_received" + suffix) : end.path("no such sum");
        }

        JsonNode sum(String suffix) {
            return end.path("sum" + suffix);
        }
    }

    /**
     * One direction's totals as both reports give them, one side's own and the other's from the results exchange.
     * {@code stockServerSlack} is negative when the server is the engine, which prints both sides' figures, so they
     * must be the same to the byte. A stock iperf3 server prints only what it measured itself (0 for the rest), and
     * 3.18 sending in reverse counts up to a block per stream more in its own report than it sent in the exchange, so
     * then only the server's own figure is compared, within that. UDP packets count from the end of the omit period
     * in both reports; iperf3 3.12 nets them with its own omit baseline, so they may differ by the datagrams in flight
     * when the two sides' omit periods ended, never by a whole omit period. A UDP report before 3.11 has no bytes
     * apart, so then the packets alone are compared.
     */
    private record Exchange(Sums client, Sums server, boolean udp, long stockServerSlack) {
        void check(String suffix, boolean serverSends) {
            List<String> sums = !client.apart() || !server.apart() ? List.of()
                    : stockServerSlack < 0 ? List.of("sum_sent", "sum_received")
                    : List.of(serverSends ? "sum_sent" : "sum_received");
            for (String sum : sums) {
                assertThat(client.end().path(sum + suffix).path("bytes").asLong()).as("%s bytes in both reports", sum)
                        .isCloseTo(server.end().path(sum + suffix).path("bytes").asLong(),
                                within(Math.max(0, stockServerSlack)));
            }
            if (udp) {
                long clientPackets = client.sum(suffix).path("packets").asLong();
                long serverPackets = server.sum(suffix).path("packets").asLong();
                assertThat(clientPackets).as("UDP packets in both reports").isPositive()
                        .isCloseTo(serverPackets, within(Math.max(20, serverPackets / 100)));
            }
        }
    }

    /** {@code hostDrops}: datagrams the receiving host's kernel dropped (see {@link Peers}): lost, not the sender's. */
    private static void agree(Sums sender, Sums receiver, String suffix, boolean udp, boolean omit, long hostDrops) {
        JsonNode sent = sender.sent(suffix);
        JsonNode received = receiver.received(suffix);
        double sentBytes = sent.path("bytes").asDouble();
        assertThat(sentBytes).as("bytes sent").isPositive();
        if (!received.isMissingNode()) {
            agreeBytes(sender, sent, received, udp, omit, hostDrops);
        }
        if (udp) {
            JsonNode senderSum = sender.sum(suffix);
            JsonNode receiverSum = receiver.sum(suffix);
            // The sender counts the datagrams still in flight when the receiver stops counting at TEST_END: those
            // its receiving thread had not read yet (unreadDatagrams). None of them is lost (the loss below is zero
            // but for what the receiving host's kernel counted dropped at a stock receiver's full buffer). After an
            // omit period each side starts counting at its own moment, so the receiver may count a few that the
            // sender did not.
            long sentPackets = sent.path("packets").asLong();
            long receivedPackets = (received.isMissingNode() ? receiverSum : received).path("packets").asLong();
            long unread = unreadDatagrams(sent) + hostDrops;
            assertThat(receivedPackets).as("packets received of %d sent", sentPackets)
                    .isBetween(sentPackets - (omit ? Math.max(20, unread) : unread), sentPackets + (omit ? 20 : 0))
                    .isPositive();
            assertThat(receiverSum.path("lost_packets").asLong())
                    .as("lost, receiver's report (the host dropped %d at a full buffer)", hostDrops)
                    .isBetween(0L, hostDrops);
            assertThat(senderSum.path("lost_packets").asLong())
                    .as("lost, sender's report (the host dropped %d at a full buffer)", hostDrops)
                    .isBetween(0L, hostDrops);
        }
    }

    /**
     * The datagrams a receiver may not have counted yet at TEST_END though none is lost: at most one per stream on an
     * idle host, 1 % of them on a loaded one, or what the sender sends in {@link #CLOCK_SKEW_SECONDS} (the moment
     * between the two sides' stops), whichever is more: a second-long test under load needs the last.
     */
    private static long unreadDatagrams(JsonNode sent) {
        long packets = sent.path("packets").asLong();
        double seconds = Math.max(sent.path("seconds").asDouble(), 1e-3);
        return Math.max(Math.max(2, packets / 100), Math.round(packets * CLOCK_SKEW_SECONDS / seconds));
    }

    /** The receiver's own bytes and rate against the sender's own. */
    private static void agreeBytes(Sums sender, JsonNode sent, JsonNode received, boolean udp, boolean omit,
                                   long hostDrops) {
        double sentBytes = sent.path("bytes").asDouble();
        // At TEST_END each side counts what it handed to or took from its socket: what the kernel still held in the
        // two socket buffers of a TCP stream was sent but not received, more than 1 % of a short test under load.
        // UDP: what the sender sent in the moment between the receiver's last count and its own (below). After an
        // omit period each side also starts counting at its own moment: a loopback TCP stream at 16 Gbit/s carries
        // 20 MB in that gap on a loaded host (one went 0.4 MB past the buffers alone).
        double datagramBytes = sentBytes / Math.max(1, sent.path("packets").asLong());
        double inFlight = udp ? (unreadDatagrams(sent) + hostDrops) * datagramBytes
                : sender.end().path("streams").size() * KernelBuffers.tcpMaxBytes();
        double startGap = omit ? sentBytes / Math.max(sent.path("seconds").asDouble(), 1e-3) * CLOCK_SKEW_SECONDS : 0;
        double byteTolerance = Math.max(sentBytes * 0.01, inFlight + startGap);
        assertThat(received.path("bytes").asDouble()).as("bytes received vs sent")
                .isCloseTo(sentBytes, within(byteTolerance));
        double sentRate = sent.path("bits_per_second").asDouble();
        double seconds = Math.max(sent.path("seconds").asDouble(), 1e-3);
        // Each side's clock starts and stops at its own moment, a control message apart, and a test JVM busy
        // compiling can widen that gap. The bytes above are the 1 % check; the rates may also
        // differ by what CLOCK_SKEW_SECONDS of the test carries.
        double clockSlack = sentRate * CLOCK_SKEW_SECONDS / seconds;
        assertThat(received.path("bits_per_second").asDouble()).as("received vs sent rate")
                .isCloseTo(sentRate, within(Math.max(sentRate * 0.01, inFlight * 8 / seconds + clockSlack)));
    }
}
