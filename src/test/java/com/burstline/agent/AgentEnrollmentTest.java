package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent's side of enrollment against a stand-in server over real HTTP: it enrolls with the enrollment token,
 * keeps the answered secret owner-only, speaks with it from then on, enrolls again when the server no longer knows
 * it (401), and reports nothing before it has one.
 */
class AgentEnrollmentTest {
    private static final String ENROLLMENT = "enrollment-token-0123456789";

    @TempDir
    Path spool;
    private final List<String> bearers = new CopyOnWriteArrayList<>();
    private volatile String knownSecret;
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void enrollsOnceKeepsTheSecretOwnerOnlyAndSpeaksWithIt() throws Exception {
        ServerClient client = client(new AgentSecret(spool, "lab-a"));

        assertThat(client.register(Map.of("name", "lab-a"))).isEqualTo(3);
        Path file = spool.resolve("lab-a.secret");
        assertThat(Files.readString(file, StandardCharsets.UTF_8).strip()).isEqualTo("secret-1");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(spool))).isEqualTo("rwx------");
        assertThat(client.heartbeat(false)).isEqualTo(204);

        ServerClient restarted = client(new AgentSecret(spool, "lab-a"));
        restarted.register(Map.of("name", "lab-a"));

        assertThat(bearers).containsExactly("POST /api/v1/agents " + ENROLLMENT,
                "POST /api/v1/agents/lab-a/heartbeat secret-1", "POST /api/v1/agents secret-1");
    }

    @Test
    void aSecretTheServerNoLongerKnowsIsForgottenAndTheAgentEnrollsAgain() throws Exception {
        AgentSecret secret = new AgentSecret(spool, "lab-a");
        secret.keep("secret-from-another-server");
        ServerClient client = client(secret);

        client.register(Map.of("name", "lab-a"));

        assertThat(bearers).containsExactly("POST /api/v1/agents secret-from-another-server",
                "POST /api/v1/agents " + ENROLLMENT);
        assertThat(secret.value()).isEqualTo("secret-1");
    }

    @Test
    void beforeEnrollingNothingIsDeliveredSoTheSpoolKeepsIt() throws Exception {
        ServerClient client = client(new AgentSecret(spool, "lab-a"));

        assertThatThrownBy(() -> client.deliver("{}")).isInstanceOf(IOException.class)
                .hasMessageContaining("not enrolled");
        assertThat(bearers).isEmpty();
    }

    /** Enrolls the enrollment token once (secret-1), takes only the secret it issued, 401 for anything else. */
    private ServerClient client(AgentSecret secret) throws IOException {
        if (server == null) {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/api/v1/agents", exchange -> {
                String bearer = exchange.getRequestHeaders().getFirst("Authorization").substring(7);
                bearers.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " " + bearer);
                exchange.getRequestBody().readAllBytes();
                String answer = null;
                int status = 401;
                if (bearer.equals(ENROLLMENT) && knownSecret == null) {
                    knownSecret = "secret-1";
                    answer = "{\"name\": \"lab-a\", \"heartbeatSeconds\": 3, \"secret\": \"secret-1\"}";
                } else if (bearer.equals(knownSecret)) {
                    answer = exchange.getRequestURI().getPath().endsWith("heartbeat") ? null
                            : "{\"name\": \"lab-a\", \"heartbeatSeconds\": 3}";
                    status = answer == null ? 204 : 200;
                }
                if (answer != null) {
                    status = 200;
                }
                byte[] body = answer == null ? new byte[0] : answer.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
        }
        return new ServerClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), ENROLLMENT, secret,
                "lab-a");
    }
}
