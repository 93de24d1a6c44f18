package com.burstline.server.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pin through the API: the first registration's fingerprint is pinned, a later different one shows as changed
 * without moving the pin, and only an admin moves it. A malformed fingerprint is a 400 problem and stores nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AgentCertificateApiTest {
    static final String AGENT_TOKEN = "pin-test-agent-token-0123456789";
    static final String API_TOKEN = "pin-test-api-token-0123456789";
    static final String FIRST = ("AA:").repeat(31) + "AA";
    static final String SECOND = ("BB:").repeat(31) + "BB";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    static Path dataDir;
    @LocalServerPort
    int port;
    private final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.agent-token", () -> AGENT_TOKEN);
        registry.add("burstline.api-token", () -> API_TOKEN);
    }

    @Test
    void theEnrolmentPinHoldsUntilAnAdminAcceptsTheNewCertificate() throws Exception {
        HttpResponse<String> enrolment = register("pin-a", FIRST, AGENT_TOKEN);
        assertThat(enrolment.statusCode()).isEqualTo(200);
        String secret = JSON.readTree(enrolment.body()).get("secret").stringValue();
        JsonNode enrolled = certificate("pin-a");
        // The agent itself, registering again with its own secret and a new key: recorded, not trusted.
        assertThat(register("pin-a", SECOND, secret).statusCode()).isEqualTo(200);
        JsonNode changed = certificate("pin-a");
        HttpResponse<String> byTheAgentToken = send("POST", "/api/v1/agents/pin-a/certificate", AGENT_TOKEN, null);
        HttpResponse<String> byTheAgent = send("POST", "/api/v1/agents/pin-a/certificate", secret, null);
        HttpResponse<String> notWhatWasShown = send("POST", "/api/v1/agents/pin-a/certificate?sha256=" + FIRST,
                API_TOKEN, null);
        HttpResponse<String> accepted = send("POST", "/api/v1/agents/pin-a/certificate?sha256=" + SECOND.toLowerCase(),
                API_TOKEN, null);

        assertThat(enrolled.get("pinnedSha256").stringValue()).isEqualTo(FIRST);
        assertThat(enrolled.get("changed").booleanValue()).isFalse();
        assertThat(changed.get("pinnedSha256").stringValue()).isEqualTo(FIRST);
        assertThat(changed.get("presentedSha256").stringValue()).isEqualTo(SECOND);
        assertThat(changed.get("changed").booleanValue()).isTrue();
        assertThat(byTheAgentToken.statusCode()).isIn(401, 403);
        assertThat(byTheAgent.statusCode()).isIn(401, 403);
        assertThat(notWhatWasShown.statusCode()).as(notWhatWasShown.body()).isEqualTo(409);
        assertThat(notWhatWasShown.body()).contains("now presents the certificate SHA-256 " + SECOND,
                "nothing was accepted");
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(certificate("pin-a").get("pinnedSha256").stringValue()).isEqualTo(SECOND);
        assertThat(certificate("pin-a").get("changed").booleanValue()).isFalse();
    }

    @Test
    void aMalformedFingerprintIsABadRequestAndNothingIsStored() throws Exception {
        HttpResponse<String> refused = register("pin-b", "not-a-fingerprint", AGENT_TOKEN);

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(refused.body()).contains("certificateSha256 must be a SHA-256 fingerprint");
        assertThat(send("GET", "/api/v1/agents/pin-b", API_TOKEN, null).statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> register(String name, String fingerprint, String bearer)
            throws IOException, InterruptedException {
        return send("POST", "/api/v1/agents", bearer, "{\"name\": \"" + name + "\", \"url\": "
                + "\"https://127.0.0.1:7701\", \"testAddress\": \"127.0.0.1\", \"version\": \"0.1.0\", "
                + "\"certificateSha256\": \"" + fingerprint + "\"}");
    }

    private JsonNode certificate(String name) throws IOException, InterruptedException {
        return JSON.readTree(send("GET", "/api/v1/agents/" + name, API_TOKEN, null).body()).get("certificate");
    }

    private HttpResponse<String> send(String method, String path, String token, String json)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + token)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
