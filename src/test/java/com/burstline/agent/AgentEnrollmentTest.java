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
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent's side of enrollment against a stand-in server over real HTTP: it enrolls with the enrollment token,
 * proposing a secret it kept owner-only before sending it, speaks with it from then on, enrolls again with a fresh one
 * when the server no longer knows it (401), and reports nothing before it has one.
 */
class AgentEnrollmentTest {
    private static final String ENROLLMENT = "enrollment-token-0123456789";
    private static final Pattern PROPOSAL = Pattern.compile("\"secret\":\"([^\"]+)\"");

    @TempDir
    Path spool;
    private final List<String> bearers = new CopyOnWriteArrayList<>();
    private volatile String knownSecret;
    /** What the agent's secret file held when its proposal arrived. */
    private volatile String onDiskWhenProposed;
    /** The stand-in stores the proposal but the answer is lost, as when the agent dies before it reads it. */
    private volatile boolean loseTheAnswer;
    /** The stand-in answers 503 and stores nothing, like a server still starting behind a proxy. */
    private volatile boolean notReadyYet;
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void enrollsOnceWithASecretItKeptFirstAndSpeaksWithIt() throws Exception {
        ServerClient client = client(new AgentSecret(spool, "lab-a"));

        assertThat(client.register(Map.of("name", "lab-a"))).isEqualTo(3);
        Path file = spool.resolve("lab-a.secret");
        assertThat(knownSecret).startsWith("bl_");
        assertThat(onDiskWhenProposed).as("kept before the server heard of it").isEqualTo(knownSecret);
        assertThat(Files.readString(file, StandardCharsets.UTF_8).strip()).isEqualTo(knownSecret);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(spool))).isEqualTo("rwx------");
        assertThat(client.heartbeat(false)).isEqualTo(204);

        ServerClient restarted = client(new AgentSecret(spool, "lab-a"));
        restarted.register(Map.of("name", "lab-a"));

        assertThat(bearers).containsExactly("POST /api/v1/agents " + ENROLLMENT,
                "POST /api/v1/agents/lab-a/heartbeat " + knownSecret, "POST /api/v1/agents " + knownSecret);
    }

    @Test
    void anEnrollmentWhoseAnswerWasLostIsNotLockedOut() throws Exception {
        loseTheAnswer = true;
        assertThatThrownBy(() -> client(new AgentSecret(spool, "lab-a")).register(Map.of("name", "lab-a")))
                .isInstanceOf(IOException.class);
        loseTheAnswer = false;

        client(new AgentSecret(spool, "lab-a")).register(Map.of("name", "lab-a"));

        assertThat(bearers).containsExactly("POST /api/v1/agents " + ENROLLMENT, "POST /api/v1/agents " + knownSecret);
    }

    @Test
    void aProposalThatNeverReachedTheServerIsRetriedWithoutAWarning() throws Exception {
        ServerClient client = client(new AgentSecret(spool, "lab-a"));
        notReadyYet = true;
        assertThatThrownBy(() -> client.register(Map.of("name", "lab-a"))).isInstanceOf(IOException.class);
        notReadyYet = false;

        List<LogRecord> logged = logOf(() -> client.register(Map.of("name", "lab-a")));

        assertThat(knownSecret).isNotNull();
        assertThat(logged).extracting(LogRecord::getLevel).doesNotContain(Level.WARNING);
        assertThat(logged).extracting(LogRecord::getMessage)
                .contains("The last enrollment did not reach the server; enrolling again");
    }

    @Test
    void aSecretTheServerNoLongerKnowsIsReplacedByAFreshEnrollment() throws Exception {
        AgentSecret secret = new AgentSecret(spool, "lab-a");
        secret.keep("secret-from-another-server");
        ServerClient client = client(secret);

        List<LogRecord> logged = logOf(() -> client.register(Map.of("name", "lab-a")));

        assertThat(logged).extracting(LogRecord::getLevel).as("an admin may have removed it").contains(Level.WARNING);

        assertThat(bearers).containsExactly("POST /api/v1/agents secret-from-another-server",
                "POST /api/v1/agents " + ENROLLMENT);
        assertThat(secret.value()).isEqualTo(knownSecret).isNotEqualTo("secret-from-another-server");
    }

    @Test
    void beforeEnrollingNothingIsDeliveredSoTheSpoolKeepsIt() throws Exception {
        ServerClient client = client(new AgentSecret(spool, "lab-a"));

        assertThatThrownBy(() -> client.deliver("{}")).isInstanceOf(IOException.class)
                .hasMessageContaining("not enrolled");
        assertThat(bearers).isEmpty();
    }

    private interface Registration {
        void run() throws Exception;
    }

    /** What the agent's server client logged while {@code registration} ran. */
    private static List<LogRecord> logOf(Registration registration) throws Exception {
        Logger log = Logger.getLogger(ServerClient.class.getName());
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord logRecord) {
                records.add(logRecord);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(handler);
        try {
            registration.run();
        } finally {
            log.removeHandler(handler);
        }
        return records;
    }

    /** The signing key of the server this stand-in plays, which its enrollment's answer carries. */
    private static final String SERVER_KEY = com.burstline.contract.ServerSigningKeys.publicText(
            com.burstline.contract.ServerSigningKeys.generate().getPublic());

    /** Enrolls the enrollment token once with the proposed secret, takes only that secret, 401 for anything else. */
    private ServerClient client(AgentSecret secret) throws IOException {
        if (server == null) {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/api/v1/agents", exchange -> {
                String bearer = exchange.getRequestHeaders().getFirst("Authorization").substring(7);
                bearers.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " " + bearer);
                String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                String answer = null;
                int status = 401;
                Matcher proposal = PROPOSAL.matcher(request);
                if (notReadyYet) {
                    status = 503;
                } else if (bearer.equals(ENROLLMENT) && knownSecret == null && proposal.find()) {
                    knownSecret = proposal.group(1);
                    onDiskWhenProposed = Files.readString(spool.resolve("lab-a.secret"), StandardCharsets.UTF_8).strip();
                    answer = loseTheAnswer ? null : "{\"name\": \"lab-a\", \"heartbeatSeconds\": 3, \"serverKey\": \""
                            + SERVER_KEY + "\"}";
                    status = loseTheAnswer ? 503 : 200;
                } else if (bearer.equals(knownSecret)) {
                    answer = exchange.getRequestURI().getPath().endsWith("heartbeat") ? null
                            : "{\"name\": \"lab-a\", \"heartbeatSeconds\": 3}";
                    status = answer == null ? 204 : 200;
                }
                byte[] body = answer == null ? new byte[0] : answer.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
        }
        return new ServerClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), null, ENROLLMENT,
                secret, new ServerKey(secret.file().getParent(), "lab-a"), "lab-a");
    }
}
