package com.burstline.server.fleet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server refuses to register agents at URLs it must not call — the instance metadata address, a URL with user
 * info, anything outside burstline.agents.allowed-networks (here only 10.0.0.0/8) — and a listener at the refused
 * loopback URL counts that the server never connected to it. A test address outside those networks is refused too.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AgentUrlTest {
    static final String AGENT_TOKEN = "url-test-agent-token-0123456789";
    static final String API_TOKEN = "url-test-api-token-0123456789";
    static final AtomicInteger connections = new AtomicInteger();
    static ServerSocket listener;

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.agent-token", () -> AGENT_TOKEN);
        registry.add("burstline.api-token", () -> API_TOKEN);
        registry.add("burstline.agents.allowed-networks", () -> "10.0.0.0/8");
    }

    @BeforeAll
    static void listen() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread counter = new Thread(() -> {
            while (!listener.isClosed()) {
                try (Socket accepted = listener.accept()) {
                    connections.incrementAndGet();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        counter.setDaemon(true);
        counter.start();
    }

    @AfterAll
    static void close() throws IOException {
        listener.close();
    }

    @LocalServerPort
    int port;

    @Test
    void urlsTheServerMustNotCallAreRefusedAndNeverConnectedTo() throws Exception {
        assertRefused("meta", "http://169.254.169.254/latest", "link-local");
        assertRefused("creds", "http://user:pass@10.1.2.3:7701", "must not carry a user name or password");
        assertRefused("local", "http://127.0.0.1:" + listener.getLocalPort(),
                "outside burstline.agents.allowed-networks (10.0.0.0/8)");
        assertRefused("ftp", "ftp://10.1.2.3:7701", "url must be");
        assertRefused("v6ll", "http://[fe80::1]:7701", "link-local");
        assertThat(register("fine", "http://10.1.2.3:7701").statusCode()).isEqualTo(200);

        String agents = send("GET", "/api/v1/agents", API_TOKEN, null).body();
        assertThat(agents).contains("\"name\":\"fine\"").doesNotContain("meta", "creds", "\"local\"");
        Thread.sleep(500);
        assertThat(connections.get()).as("connections the server made to the refused URL").isZero();
    }

    /** The test address is where the peer agent is sent to measure: it is held to the same networks. */
    @Test
    void aTestAddressOutsideTheAllowedNetworksIsRefusedAndTheAgentNotStored() throws Exception {
        var response = send("POST", "/api/v1/agents", AGENT_TOKEN, "{\"name\": \"public-peer\", \"url\": "
                + "\"http://10.1.2.4:7701\", \"testAddress\": \"8.8.8.8\", \"version\": \"test\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("testAddress 8.8.8.8 (8.8.8.8) is outside "
                + "burstline.agents.allowed-networks (10.0.0.0/8)");
        assertThat(send("GET", "/api/v1/agents/public-peer", API_TOKEN, null).statusCode()).isEqualTo(404);
    }

    private void assertRefused(String name, String url, String reason) throws Exception {
        var response = register(name, url);
        assertThat(response.statusCode()).as(url).isEqualTo(400);
        assertThat(response.body()).contains(reason);
    }

    private HttpResponse<String> register(String name, String url) throws Exception {
        return send("POST", "/api/v1/agents", AGENT_TOKEN, "{\"name\": \"" + name + "\", \"url\": \"" + url
                + "\", \"testAddress\": \"10.1.2.3\", \"version\": \"test\"}");
    }

    private HttpResponse<String> send(String method, String path, String token, String json) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + token)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
