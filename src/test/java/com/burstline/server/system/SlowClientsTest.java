package com.burstline.server.system;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 500 slow connections from one client (127.0.0.2, no account needed: sign-in form bodies trickling in a byte at a
 * time) leave every other client answered: the slow client gets only its share of the server's threads. Loopback
 * only; each wait is bounded.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SlowClientsTest {
    private static final int SLOW_CONNECTIONS = 500;

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> "slow-clients-token-0123456789");
    }

    @LocalServerPort
    int port;

    @Test
    void fiveHundredSlowConnectionsFromOneClientLeaveOthersAnswered() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_CONNECTIONS; i++) {
                slow.add(slowSignIn());
            }
            trickle(slow); // a byte more on each: the bodies are still arriving, never complete
            HttpClient other = HttpClient.newBuilder() // from 127.0.0.1, another client
                    .connectTimeout(Duration.ofSeconds(5)).build();
            for (String path : List.of("/actuator/health", "/login", "/actuator/health/readiness", "/login?logout",
                    "/actuator/health/liveness")) {
                HttpResponse<String> answer = other.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + path)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).as(path + " while the slow client holds its share").isEqualTo(200);
                trickle(slow);
            }
            int refused = countAnswered429(slow);
            System.out.printf("slow connections: %d, answered 429 at once: %d%n", SLOW_CONNECTIONS, refused);
            assertThat(refused).as("slow connections beyond the per-client cap").isPositive();
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    /**
     * 8 addresses × 30 trickled uploads took all 200 request threads and a fresh client timed out: once half the
     * threads are taken, each address gets only its part of them, and a fresh address is answered.
     */
    @Test
    void eightAddressesTricklingThirtyUploadsEachLeaveAFreshClientAnswered() throws Exception {
        List<Socket> slow = new ArrayList<>();
        Thread trickling = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                synchronized (slow) {
                    trickle(slow);
                }
                try {
                    Thread.sleep(2000); // within the 10 s a read may stall, so no read times out
                } catch (InterruptedException stop) {
                    return;
                }
            }
        });
        try {
            for (int address = 2; address < 10; address++) {
                for (int i = 0; i < 30; i++) {
                    Socket upload = slowUpload("127.0.0." + address);
                    synchronized (slow) {
                        slow.add(upload);
                    }
                }
            }
            trickling.start();
            HttpClient fresh = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (String path : List.of("/actuator/health", "/login", "/actuator/health/readiness")) {
                HttpResponse<String> answer = fresh.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + path)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).as(path + " while 8 addresses trickle 30 uploads each")
                        .isEqualTo(200);
            }
        } finally {
            trickling.interrupt();
            trickling.join();
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    private Socket slowUpload(String from) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(50);
        OutputStream out = socket.getOutputStream();
        out.write(("POST /api/v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer slow-clients-token-"
                + "0123456789\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    @Test
    void aChunkedBodyOverTheLimitIs413() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        byte[] big = ("{\"name\": \"" + "n".repeat(2 << 20) + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/api/v1/agents")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(answer.body()).contains("burstline.http.max-body-size");
    }

    private Socket slowSignIn() throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress("127.0.0.2", 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(50);
        OutputStream out = socket.getOutputStream();
        out.write(("POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 100000\r\n\r\nt").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    private static void trickle(List<Socket> sockets) {
        for (Socket socket : sockets) {
            try {
                socket.getOutputStream().write('o');
            } catch (IOException closedByServer) {
                // refused with 429 and closed, or timed out: that is the server protecting itself
            }
        }
    }

    private static int countAnswered429(List<Socket> sockets) {
        int count = 0;
        for (Socket socket : sockets) {
            try {
                byte[] head = socket.getInputStream().readNBytes(12);
                count += new String(head, StandardCharsets.US_ASCII).equals("HTTP/1.1 429") ? 1 : 0;
            } catch (IOException noAnswerYet) {
                // still being read: one of the client's share
            }
        }
        return count;
    }
}
