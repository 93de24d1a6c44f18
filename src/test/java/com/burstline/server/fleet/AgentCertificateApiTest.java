package com.burstline.server.fleet;

import com.burstline.server.security.JoinTokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pin through the API: the first registration's fingerprint is pinned, a later different one shows as changed
 * without moving the pin, and only an admin moves it. A malformed fingerprint is a 400 problem and stores nothing.
 * Join tokens through the API (they share this context's properties): added by an admin, enrolling their host
 * once, listed with their state, and refused with the reason in words once used, revoked or expired.
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
        registry.add("burstline.agents.jar-path", () -> dataDir.resolve("burstline-agent.jar").toString());
    }

    @Autowired
    JoinTokens joinTokens;
    @Autowired
    AgentsTls agentsTls;
    @Autowired
    ServerSigningKey signingKey;

    /**
     * The install commands point the agent at the server's HTTPS listener for agents and the certificate it
     * presents; over it, pinning exactly that certificate, a host enrolls and gets the server's signing key. Another
     * pin gets no answer.
     */
    @Test
    void agentsEnrollOverTheHttpsListenerWhoseCertificateTheCommandsName() throws Exception {
        Files.write(dataDir.resolve("burstline-agent.jar"), "a stand-in for the agent jar".getBytes());
        JsonNode added = JSON.readTree(send("POST", "/api/v1/agents/join-tokens", API_TOKEN,
                "{\"name\": \"tls-a\"}").body());
        String url = added.get("agentServerUrl").stringValue();
        String fingerprint = added.get("serverCertificateSha256").stringValue();

        assertThat(url).isEqualTo("https://127.0.0.1:" + agentsTls.port());
        assertThat(fingerprint).isEqualTo(agentsTls.fingerprint());
        assertThat(added.get("commands").get("linuxApt").stringValue())
                .contains("\"--server\" \"" + url + "\" \"--server-fingerprint\" \"" + fingerprint + "\"");
        HttpRequest enroll = HttpRequest.newBuilder(URI.create(url + "/api/v1/agents"))
                .header("Authorization", "Bearer " + added.get("secret").stringValue())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\": \"tls-a\", \"url\": "
                        + "\"http://127.0.0.1:7701\"}")).build();
        HttpResponse<String> otherPin = null;
        try {
            otherPin = HttpClient.newBuilder().sslContext(AgentTrust.pinned("server", SECOND)).build()
                    .send(enroll, HttpResponse.BodyHandlers.ofString());
        } catch (javax.net.ssl.SSLException refused) {
            // the certificate is not the one pinned: no request was sent
        }
        HttpResponse<String> enrolled = HttpClient.newBuilder().sslContext(AgentTrust.pinned("server", fingerprint))
                .build().send(enroll, HttpResponse.BodyHandlers.ofString());

        assertThat(otherPin).as("a client pinning another certificate").isNull();
        assertThat(enrolled.statusCode()).as(enrolled.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(enrolled.body());
        assertThat(answer.get("serverKey").stringValue()).isEqualTo(signingKey.publicText());
        assertThat(answer.get("serverKeySha256").stringValue()).isEqualTo(signingKey.fingerprint());
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

    @Test
    void aJoinTokenEnrollsItsHostOnceAndThenSaysWhyItNoLongerWorks() throws Exception {
        Path jar = dataDir.resolve("burstline-agent.jar");
        Files.deleteIfExists(jar);
        HttpResponse<String> withoutJar = send("POST", "/api/v1/agents/join-tokens", API_TOKEN, "{\"name\": \"join-0\"}");
        HttpResponse<String> noJar = send("GET", "/agent/burstline-agent.jar", API_TOKEN, null);
        byte[] bytes = "a stand-in for the agent jar: only its bytes and their hash matter here".getBytes();
        Files.write(jar, bytes);
        String sha256 = java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));

        HttpResponse<String> added = send("POST", "/api/v1/agents/join-tokens", API_TOKEN, "{\"name\": \"join-a\"}");
        JsonNode answer = JSON.readTree(added.body());
        String token = answer.get("secret").stringValue();
        HttpResponse<byte[]> download = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/agent/burstline-agent.jar")).header("Authorization", "Bearer " + token).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<String> otherName = register("join-b", FIRST, token);
        HttpResponse<String> enrolled = register("join-a", FIRST, token);
        HttpResponse<String> again = register("join-a2", FIRST, token);
        HttpResponse<String> downloadAfterUse = send("GET", "/agent/burstline-agent.jar", token, null);

        assertThat(withoutJar.statusCode()).as(withoutJar.body()).isEqualTo(201);
        assertThat(JSON.readTree(withoutJar.body()).get("note").stringValue()).contains("burstline.agents.jar-path");
        assertThat(JSON.readTree(withoutJar.body()).has("commands")).isFalse();
        assertThat(noJar.statusCode()).isEqualTo(404);
        assertThat(noJar.body()).contains("The agent jar is not at", "burstline.agents.jar-path");
        assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
        assertThat(token).startsWith("bl_join_");
        assertThat(answer.get("token").get("state").stringValue()).isEqualTo("unused");
        assertThat(answer.get("agentJarSha256").stringValue()).isEqualTo(sha256);
        for (String linux : List.of("linuxDnf", "linuxApt")) {
            assertThat(answer.get("commands").get(linux).stringValue()).contains(token, sha256, "'join-a'",
                    "sha256sum -c", "install -m 0600", "'http://127.0.0.1:" + port + "/agent/burstline-agent.jar'");
        }
        assertThat(answer.get("commands").get("windows").stringValue()).contains(token, sha256, "Get-FileHash",
                "Register-ScheduledTask", "-User $user");
        assertThat(download.statusCode()).isEqualTo(200);
        assertThat(download.body()).isEqualTo(bytes);
        assertThat(download.headers().firstValue("X-Checksum-SHA256")).hasValue(sha256);
        assertThat(otherName.statusCode()).as(otherName.body()).isEqualTo(401);
        assertThat(otherName.body()).contains("enrolls only the agent 'join-a'");
        assertThat(send("GET", "/api/v1/agents/join-b", API_TOKEN, null).statusCode())
                .as("the refused enrollment stored nothing").isEqualTo(404);
        assertThat(enrolled.statusCode()).as(enrolled.body()).isEqualTo(200);
        assertThat(JSON.readTree(enrolled.body()).get("secret").stringValue()).isNotBlank();
        assertThat(again.statusCode()).isEqualTo(401);
        assertThat(again.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(JSON.readTree(again.body()).get("detail").stringValue())
                .contains("already used by agent 'join-a'");
        assertThat(downloadAfterUse.statusCode()).isEqualTo(401);
        assertThat(state(answer.get("token").get("id").longValue()).get("stateText").stringValue())
                .isEqualTo("used by join-a");
    }

    @Test
    void aRevokedOrExpiredJoinTokenIsRefusedInWordsAndOnlyAdminsManageThem() throws Exception {
        JsonNode added = JSON.readTree(send("POST", "/api/v1/agents/join-tokens", API_TOKEN,
                "{\"name\": \"join-r\"}").body());
        long id = added.get("token").get("id").longValue();
        HttpResponse<String> revoked = send("DELETE", "/api/v1/agents/join-tokens/" + id, API_TOKEN, null);
        HttpResponse<String> afterRevoke = register("join-r", FIRST, added.get("secret").stringValue());
        String expired = joinTokens.issue("join-e", Instant.now().minusSeconds(60), "test").secret();
        HttpResponse<String> afterExpiry = register("join-e", FIRST, expired);
        HttpResponse<String> missing = send("DELETE", "/api/v1/agents/join-tokens/999999", API_TOKEN, null);
        HttpResponse<String> hostileName = send("POST", "/api/v1/agents/join-tokens", API_TOKEN,
                "{\"name\": \"a'; reboot #\"}");
        HttpResponse<String> reserved = send("POST", "/api/v1/agents/join-tokens", API_TOKEN,
                "{\"name\": \"join-tokens\"}");
        HttpResponse<String> byTheAgentToken = send("POST", "/api/v1/agents/join-tokens", AGENT_TOKEN,
                "{\"name\": \"join-x\"}");
        HttpResponse<String> listByAJoinToken = send("GET", "/api/v1/agents/join-tokens", expired, null);

        assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
        assertThat(JSON.readTree(revoked.body()).get("state").stringValue()).isEqualTo("revoked");
        assertThat(afterRevoke.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(afterRevoke.body()).get("detail").stringValue())
                .startsWith("This join token was revoked at");
        assertThat(afterExpiry.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(afterExpiry.body()).get("detail").stringValue())
                .startsWith("This join token expired at");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("There is no join token 999999.");
        assertThat(hostileName.statusCode()).isEqualTo(400);
        assertThat(reserved.statusCode()).isEqualTo(400);
        assertThat(byTheAgentToken.statusCode()).isEqualTo(401);
        assertThat(listByAJoinToken.statusCode()).isEqualTo(401);
        assertThat(state(id).get("state").stringValue()).isEqualTo("revoked");
        JsonNode listedExpired = JSON.readTree(send("GET", "/api/v1/agents/join-tokens", API_TOKEN, null).body());
        assertThat(listedExpired.findValuesAsString("stateText")).contains("expired", "revoked");
        assertThat(send("GET", "/api/v1/agents/join-e", API_TOKEN, null).statusCode()).isEqualTo(404);
    }

    private JsonNode state(long id) throws IOException, InterruptedException {
        for (JsonNode token : JSON.readTree(send("GET", "/api/v1/agents/join-tokens", API_TOKEN, null).body())) {
            if (token.get("id").longValue() == id) {
                return token;
            }
        }
        throw new AssertionError("join token " + id + " is not listed");
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
