package com.burstline.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Peers that break the protocol: each case ends in a clear error in bounded time, the Java server goes on serving,
 * and no engine thread or socket is left behind (counted before and after).
 */
class HostilePeerIT {
    private static final int PORT = 5632;
    private final ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
    private Server server;
    private Thread serving;
    private long socketsBefore;

    @BeforeEach
    void startServer() throws IOException {
        socketsBefore = OpenSockets.count();
        PrintStream print = new PrintStream(serverOut, true, StandardCharsets.UTF_8);
        server = new Server(new ServerOptions(PORT, false, 1), () -> new JsonOutput(print, true));
        serving = new Thread(server::serve, "test-serving");
        serving.start();
    }

    @AfterEach
    void nothingLeaks() throws Exception {
        assertRealClientWorks();
        server.close();
        serving.join(10_000);
        Thread.sleep(300);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("engine-"));
        assertThat(OpenSockets.count()).as("open sockets").isLessThanOrEqualTo(socketsBefore);
    }

    @Test
    void aWrongCookieOnADataConnectionIsDeniedAndTheMissingStreamEndsTheTest() throws Exception {
        try (Socket control = handshake("{\"tcp\":true,\"parallel\":1,\"time\":1,\"len\":1000}")) {
            assertThat(control.getInputStream().read()).isEqualTo(Wire.CREATE_STREAMS);
            try (Socket data = new Socket("127.0.0.1", PORT)) {
                data.getOutputStream().write(Wire.newCookie());
                data.setSoTimeout(5000);
                assertThat((byte) data.getInputStream().read()).isEqualTo((byte) Wire.ACCESS_DENIED);
            }
            // the right stream never connects: SERVER_ERROR "unable to accept stream connection" within ~10 s
            control.setSoTimeout(15_000);
            DataInputStream in = new DataInputStream(control.getInputStream());
            assertThat(in.readByte()).isEqualTo((byte) Wire.SERVER_ERROR);
            assertThat(in.readInt()).isEqualTo(ServerErrors.IESTREAMACCEPT);
        }
        awaitServerOutput("did not connect within 10 s");
    }

    @Test
    void truncatedParametersEndTheTestClearly() throws Exception {
        try (Socket control = connectWithCookie()) {
            DataOutputStream out = new DataOutputStream(control.getOutputStream());
            out.writeInt(100);
            out.write("{\"tcp\":".getBytes(StandardCharsets.UTF_8));
            out.flush();
            control.shutdownOutput();
            control.setSoTimeout(15_000);
            assertThat(control.getInputStream().read()).isEqualTo(-1);
        }
        awaitServerOutput("closed unexpectedly");
    }

    @Test
    void oversizedParametersAreRefusedWithoutReadingThem() throws Exception {
        try (Socket control = connectWithCookie()) {
            new DataOutputStream(control.getOutputStream()).writeInt(9000);
            control.setSoTimeout(15_000);
            assertThat(control.getInputStream().read()).isEqualTo(-1);
        }
        awaitServerOutput("expected 1 to 8192");
    }

    @Test
    void aSecondClientIsDeniedWhileATestRunsAndAClientVanishingMidTestEndsIt() throws Exception {
        Path out = Files.createTempFile("iperf3-client", ".json");
        Process client = Iperf3Binary.v312().start(List.of("-c", "127.0.0.1", "-p", String.valueOf(PORT), "-t", "30"),
                out);
        try {
            Thread.sleep(2000);
            try (Socket second = new Socket("127.0.0.1", PORT)) {
                second.setSoTimeout(5000);
                assertThat((byte) second.getInputStream().read()).isEqualTo((byte) Wire.ACCESS_DENIED);
            }
            client.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            awaitServerOutput("\"event\":\"error\"");
        } finally {
            client.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    @Test
    void garbageDatagramsDuringAUdpTestChangeNothing() throws Exception {
        Path out = Files.createTempFile("iperf3-client", ".json");
        Process client = Iperf3Binary.v312().start(List.of("-c", "127.0.0.1", "-p", String.valueOf(PORT), "-u",
                "-b", "10M", "-l", "1400", "-t", "3", "-J"), out);
        try (DatagramSocket garbage = new DatagramSocket()) {
            byte[] junk = new byte[] {'1', '2', '3', '4', 5, 6, 7, 8, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 9};
            for (int i = 0; i < 200; i++) {
                garbage.send(new DatagramPacket(junk, i % junk.length, new InetSocketAddress("127.0.0.1", PORT)));
                Thread.sleep(10);
            }
            assertThat(client.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(client.exitValue()).isZero();
            var report = tools.jackson.databind.json.JsonMapper.builder().build().readTree(out.toFile());
            assertThat(report.has("error")).isFalse();
            assertThat(report.path("end").path("sum_received").path("lost_packets").asLong()).isZero();
            assertThat(report.path("end").path("sum_received").path("packets").asLong()).isPositive();
        } finally {
            client.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    @Test
    void theJavaClientToleratesAnUnknownServerErrorCode() throws Exception {
        try (ServerSocket fake = new ServerSocket(0)) {
            Thread peer = new Thread(() -> {
                try (Socket s = fake.accept()) {
                    new DataInputStream(s.getInputStream()).readFully(new byte[Wire.COOKIE_SIZE]);
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    out.writeByte(Wire.SERVER_ERROR);
                    out.writeInt(999);
                    out.writeInt(0);
                    out.flush();
                } catch (IOException ignored) {
                    // the test fails on the client side if this peer breaks
                }
            });
            peer.start();
            TestParams params = new TestParams(false, 0, 1, 0, 0, 1, false, false, 0, 1000, 0, false, false);
            Client client = new Client(new ClientOptions("127.0.0.1", fake.getLocalPort(), params, 1, 5000),
                    new JsonOutput(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false));
            assertThatThrownBy(client::run).hasMessageContaining("error code 999");
            peer.join(5000);
        }
    }

    private Socket connectWithCookie() throws IOException {
        Socket control = new Socket("127.0.0.1", PORT);
        control.getOutputStream().write(Wire.newCookie());
        control.setSoTimeout(5000);
        assertThat(control.getInputStream().read()).isEqualTo(Wire.PARAM_EXCHANGE);
        return control;
    }

    private Socket handshake(String params) throws IOException {
        Socket control = connectWithCookie();
        byte[] json = params.getBytes(StandardCharsets.UTF_8);
        DataOutputStream out = new DataOutputStream(control.getOutputStream());
        out.writeInt(json.length);
        out.write(json);
        out.flush();
        return control;
    }

    /** After each hostile case the server still measures for a stock client. */
    private void assertRealClientWorks() throws Exception {
        Path out = Files.createTempFile("iperf3-client", ".json");
        try {
            Process client = Iperf3Binary.v312().start(List.of("-c", "127.0.0.1", "-p", String.valueOf(PORT), "-t",
                    "1", "-J"), out);
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(client.exitValue()).as(Files.readString(out)).isZero();
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private void awaitServerOutput(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (serverOut.toString(StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            Thread.sleep(100);
        }
        assertThat(serverOut.toString(StandardCharsets.UTF_8)).contains(text);
    }
}
