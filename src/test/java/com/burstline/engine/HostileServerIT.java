package com.burstline.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The engine's client against servers that misbehave, played by plain sockets: each ends in a clear error within
 * bounded time, and the client leaves no thread or socket behind. (HostilePeerIT does the same to the engine's server.)
 */
class HostileServerIT {
    private ServerSocket control;
    private long socketsBefore;

    @BeforeEach
    void listen() throws IOException {
        socketsBefore = OpenSockets.count();
        control = new ServerSocket(0);
    }

    @AfterEach
    void nothingLeaks() throws Exception {
        control.close();
        Thread.sleep(300);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("engine-"));
        assertThat(OpenSockets.count()).as("open sockets").isLessThanOrEqualTo(socketsBefore);
    }

    @Test
    void aUdpStreamThatGetsNoConnectReplyEndsTheTest() throws Exception {
        try (DatagramSocket deaf = new DatagramSocket(control.getLocalPort())) {
            Thread peer = fakeServer(accepted -> {
                accepted.getOutputStream().write(Wire.CREATE_STREAMS);
                deaf.receive(new DatagramPacket(new byte[64], 64)); // the hello, never answered
            });
            TestParams udp = new TestParams(true, 0, 2, 0, 0, 1, false, false, 0, 1460, 1_000_000, false, false);
            assertTimeoutPreemptively(Duration.ofSeconds(45), () ->
                    assertThatThrownBy(() -> client(udp).run()).hasMessageContaining("no connect reply"));
            peer.join(5000);
        }
    }

    @Test
    void aServerThatVanishesMidTestEndsItClearly() throws Exception {
        Thread peer = fakeServer(accepted -> {
            accepted.getOutputStream().write(Wire.CREATE_STREAMS);
            try (Socket stream = control.accept()) {
                new DataInputStream(stream.getInputStream()).readFully(new byte[Wire.COOKIE_SIZE]);
                accepted.getOutputStream().write(new byte[] {Wire.TEST_START, Wire.TEST_RUNNING});
                Thread.sleep(500);
            }
        });
        TestParams upload = new TestParams(false, 0, 10, 0, 0, 1, false, false, 0, 131072, 0, false, false);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                assertThatThrownBy(() -> client(upload).run()).isInstanceOf(EngineException.class));
        peer.join(5000);
    }

    @Test
    void accessDeniedIsABusyServer() throws Exception {
        Thread peer = new Thread(() -> {
            try (Socket accepted = control.accept()) {
                new DataInputStream(accepted.getInputStream()).readFully(new byte[Wire.COOKIE_SIZE]);
                accepted.getOutputStream().write(Wire.ACCESS_DENIED);
            } catch (IOException ignored) {
                // the client's side of the test fails if this peer breaks
            }
        });
        peer.start();
        TestParams upload = new TestParams(false, 0, 1, 0, 0, 1, false, false, 0, 131072, 0, false, false);
        assertThatThrownBy(() -> client(upload).run()).hasMessageContaining("busy");
        peer.join(5000);
    }

    private Client client(TestParams params) {
        return new Client(new ClientOptions("127.0.0.1", control.getLocalPort(), params, 1, 5000),
                new JsonOutput(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false));
    }

    /** What the fake server does once it has read the cookie and the parameters. */
    private interface Script {
        void play(Socket accepted) throws Exception;
    }

    private Thread fakeServer(Script script) {
        Thread peer = new Thread(() -> {
            try (Socket accepted = control.accept()) {
                DataInputStream in = new DataInputStream(accepted.getInputStream());
                in.readFully(new byte[Wire.COOKIE_SIZE]);
                accepted.getOutputStream().write(Wire.PARAM_EXCHANGE);
                in.readFully(new byte[in.readInt()]);
                script.play(accepted);
            } catch (Exception ignored) {
                // the client's side of the test fails if this peer breaks
            }
        }, "fake-server");
        peer.start();
        return peer;
    }
}
