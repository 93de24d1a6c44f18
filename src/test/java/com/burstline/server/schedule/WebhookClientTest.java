package com.burstline.server.schedule;

import com.burstline.server.agent.AgentAddresses;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhook POST against a real local listener: JSON arrives; a non-2xx answer, a closed port, a listener that
 * never answers, a redirect and an address outside the allowed networks each come back as a reason in words, never
 * as an exception, within the timeout.
 */
class WebhookClientTest {
    private static final Duration TIMEOUT = Duration.ofMillis(800);
    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer listener;
    private WebhookClient client;

    @BeforeEach
    void listen() throws IOException {
        listener = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        listener.createContext("/ok", exchange -> {
            received.add(exchange.getRequestHeaders().getFirst("Content-Type") + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
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
        client = new WebhookClient(AgentAddresses.of("burstline.schedules.webhook-allowed-networks",
                List.of("127.0.0.0/8")), TIMEOUT);
    }

    @AfterEach
    void stop() {
        listener.stop(0);
    }

    @Test
    void theJsonArrivesAndA2xxIsSuccess() throws Exception {
        assertThat(client.post(url("/ok"), Map.of("event", "change-point"))).isNull();

        assertThat(received).containsExactly("application/json {\"event\":\"change-point\"}");
    }

    @Test
    void failuresAreReasonsInWords() throws Exception {
        assertThat(client.post(url("/broken"), Map.of())).isEqualTo("the webhook answered HTTP 500");
        assertThat(client.post(url("/moved"), Map.of())).as("a redirect is not followed")
                .isEqualTo("the webhook answered HTTP 302");
        assertThat(client.post(url("/silent"), Map.of()))
                .startsWith("the webhook could not be reached within 800 ms");
        assertThat(client.post("http://127.0.0.1:" + closedPort() + "/hook", Map.of()))
                .startsWith("the webhook could not be reached within 800 ms");
        assertThat(client.post("http://10.1.2.3/hook", Map.of())).isEqualTo("not sent: url 10.1.2.3 (10.1.2.3) is "
                + "outside burstline.schedules.webhook-allowed-networks (127.0.0.0/8)");
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
