package com.burstline.server.schedule;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhook POST against a real local listener: signed JSON arrives; a non-2xx answer, a closed port, a listener
 * that never answers, a redirect and an address outside the allowed networks each come back as a reason in words,
 * never as an exception, within the timeout. Loopback is allowed here only because the test names its range, as
 * burstline.schedules.webhook-allowed-networks would.
 */
class WebhookClientTest {
    private static final Duration TIMEOUT = Duration.ofMillis(800);
    private static final String SECRET = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
    private final List<String> received = new CopyOnWriteArrayList<>();
    private final List<String> signatures = new CopyOnWriteArrayList<>();
    private HttpServer listener;
    private WebhookClient client;

    @BeforeEach
    void listen() throws IOException {
        listener = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        listener.createContext("/ok", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            signatures.add(exchange.getRequestHeaders().getFirst("X-Burstline-Signature") + " "
                    + exchange.getRequestHeaders().getFirst("Host"));
            received.add(exchange.getRequestHeaders().getFirst("Content-Type") + " "
                    + new String(body, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        listener.createContext("/broken", exchange -> {
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        listener.createContext("/moved", exchange -> {
            exchange.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        listener.createContext("/silent", exchange -> {
            // never answers: the client's timeout must end the wait
        });
        listener.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        listener.start();
        client = new WebhookClient(WebhookAddresses.of(List.of("127.0.0.0/8")), TIMEOUT);
    }

    @AfterEach
    void stop() {
        listener.stop(0);
    }

    @Test
    void theSignedJsonArrivesAndA2xxIsSuccess() throws Exception {
        assertThat(client.post(url("/ok"), SECRET, Map.of("event", "change-point"))).isNull();

        String body = "{\"event\":\"change-point\"}";
        assertThat(received).containsExactly("application/json " + body);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = "sha256=" + HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        assertThat(signatures).containsExactly(expected + " 127.0.0.1:" + listener.getAddress().getPort());
    }

    @Test
    void byDefaultOnlyPublicAddressesAreAllowed() {
        WebhookClient defaults = new WebhookClient(WebhookAddresses.of(List.of()), TIMEOUT);

        assertThat(defaults.post(url("/ok"), SECRET, Map.of())).startsWith("not sent: url 127.0.0.1 (127.0.0.1) is a "
                + "loopback or private address");
        assertThat(defaults.post("http://2130706433:" + listener.getAddress().getPort() + "/ok", SECRET, Map.of()))
                .as("loopback written as one decimal number").startsWith("not sent: url 2130706433 (127.0.0.1)");
        assertThat(defaults.post("http://192.168.1.10/hook", SECRET, Map.of())).contains("loopback or private");
        assertThat(defaults.post("http://[::1]:8080/hook", SECRET, Map.of())).contains("loopback or private");
        assertThat(defaults.post("http://100.64.0.1/hook", SECRET, Map.of())).contains("loopback or private");
        assertThat(defaults.post("http://169.254.169.254/latest", SECRET, Map.of())).contains("link-local");
        assertThat(received).isEmpty();
    }

    @Test
    void theHostIsResolvedOnceAndThePostGoesToTheAddressThatWasChecked() throws Exception {
        AtomicInteger lookups = new AtomicInteger();
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        InetAddress metadata = InetAddress.getByName("169.254.169.254");
        // a rebinding name: allowed at the first lookup, the metadata service at any later one
        WebhookAddresses rebinding = new WebhookAddresses(List.of("127.0.0.0/8"),
                host -> new InetAddress[] {lookups.getAndIncrement() == 0 ? loopback : metadata});
        WebhookClient once = new WebhookClient(rebinding, TIMEOUT);

        assertThat(once.post("http://hooks.example:" + listener.getAddress().getPort() + "/ok", SECRET,
                Map.of("event", "change-point"))).isNull();

        assertThat(lookups).hasValue(1);
        assertThat(received).hasSize(1);
        assertThat(signatures).singleElement().asString().endsWith(" hooks.example:" + listener.getAddress().getPort());
    }

    /** One slow receiver held the only webhook thread for 120 s despite the timeout: the whole post has it now. */
    @Test
    void aReceiverThatTricklesItsAnswerIsCutAtTheDeadline() throws Exception {
        try (java.net.ServerSocket trickler = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getByName("127.0.0.1"))) {
            Thread answering = new Thread(() -> {
                try (java.net.Socket socket = trickler.accept()) {
                    socket.getInputStream().read(new byte[4096]);
                    for (byte b : "HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.US_ASCII)) {
                        socket.getOutputStream().write(b);
                        socket.getOutputStream().flush();
                        Thread.sleep(200); // each byte well within the 800 ms read timeout
                    }
                } catch (IOException | InterruptedException cut) {
                    // the client closed the connection at its deadline
                }
            });
            answering.start();

            String failure = client.post("http://127.0.0.1:" + trickler.getLocalPort() + "/hook", SECRET, Map.of());

            assertThat(failure).as("a 204 trickled over 5 s is not taken within the 800 ms a post has")
                    .isEqualTo("the webhook could not be reached within 800 ms: it had not taken the post by then "
                            + "(the whole post has that long)");
            answering.join(10_000);
        }
    }

    @Test
    void failuresAreReasonsInWords() throws Exception {
        assertThat(client.post(url("/broken"), SECRET, Map.of())).isEqualTo("the webhook answered HTTP 500");
        assertThat(client.post(url("/moved"), SECRET, Map.of())).as("a redirect is not followed")
                .isEqualTo("the webhook answered HTTP 302");
        assertThat(client.post(url("/silent"), SECRET, Map.of()))
                .startsWith("the webhook could not be reached within 800 ms");
        assertThat(client.post("http://127.0.0.1:" + closedPort() + "/hook", SECRET, Map.of()))
                .startsWith("the webhook could not be reached within 800 ms");
        assertThat(client.post("http://10.1.2.3/hook", SECRET, Map.of())).isEqualTo("not sent: url 10.1.2.3 "
                + "(10.1.2.3) is a loopback or private address; webhooks go to public addresses unless "
                + "burstline.schedules.webhook-allowed-networks names the range (now: 127.0.0.0/8)");
        assertThat(received).isEmpty();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + listener.getAddress().getPort() + path;
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
