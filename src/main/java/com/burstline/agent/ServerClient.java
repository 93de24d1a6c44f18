package com.burstline.agent;

import com.burstline.contract.EnrollmentSecret;
import com.burstline.contract.Json;
import com.burstline.contract.LatencySamples;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ServerSigningKeys;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The agent's calls to its server. Registration enrolls with the enrollment token (the server's agent token) the
 * first time, proposing a secret it drew and kept ({@link AgentSecret}), and pins the server's signing key the
 * answer carries ({@link ServerKey}); from then on every call carries that secret, so the server knows which agent
 * speaks. The secret only says who speaks: the calls the agent obeys are signed with the server's key, which no
 * message of the agent's reveals. An {@code https://} server is held to the certificate the install commands named
 * ({@code --server-fingerprint}), else to the JDK's CAs.
 */
final class ServerClient {
    private static final Logger LOG = Logger.getLogger(ServerClient.class.getName());
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http;
    private final URI server;
    private final String enrollmentToken;
    private final AgentSecret secret;
    private final ServerKey serverKey;
    private final String agentName;
    /**
     * This process proposed the kept secret and has no answer yet: a 401 for it then only means the proposal never
     * reached the server (it was not up yet, or the request was lost), which is no cause for a warning.
     */
    private boolean proposalUnanswered;

    /** @param serverFingerprint the pinned certificate of an https server; null for the JDK's CAs or plain HTTP */
    ServerClient(URI server, String serverFingerprint, String enrollmentToken, AgentSecret secret,
                 ServerKey serverKey, String agentName) {
        this.http = clientFor(server, serverFingerprint);
        this.server = server;
        this.enrollmentToken = enrollmentToken;
        this.secret = secret;
        this.serverKey = serverKey;
        this.agentName = agentName;
    }

    /**
     * An {@code http://} server is never spoken to over TLS (the client follows no redirects), so its client gets a
     * TLS context that trusts nothing instead of the JDK's default, which reads the JDK's CA certificates first, a
     * cost a starting JVM pays before the agent can register. An {@code https://} server is checked against
     * the JDK's CA certificates as before.
     */
    private static HttpClient clientFor(URI server, String serverFingerprint) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3));
        if ("http".equalsIgnoreCase(server.getScheme())) {
            builder.sslContext(TrustlessTls.context());
        } else if (serverFingerprint != null) {
            builder.sslContext(PinnedServerCertificate.context(serverFingerprint));
        }
        return builder.build();
    }

    /**
     * Registers as itself with the kept secret, or enrolls with the enrollment token when there is none or the server
     * does not know it (401: an admin removed the agent, this is another server, or the agent died before the server
     * stored its proposal). Answers the heartbeat period.
     */
    int register(Map<String, Object> registration) throws IOException, InterruptedException {
        HttpResponse<String> response = null;
        if (secret.value() != null) {
            response = post("/api/v1/agents", Json.write(registration), secret.value());
            if (response.statusCode() == 401) {
                if (proposalUnanswered) {
                    LOG.info("The last enrollment did not reach the server; enrolling again");
                } else {
                    LOG.warning("The server does not know the secret in " + secret.file()
                            + " (an admin removed this agent, or it never enrolled with it); enrolling again");
                }
                secret.forget();
                response = null;
            }
        }
        boolean enrolling = response == null;
        if (enrolling) {
            response = post("/api/v1/agents", Json.write(proposing(registration)), enrollmentToken);
        }
        if (response.statusCode() != 200) {
            throw new IOException("the server refused the registration: HTTP " + response.statusCode() + " "
                    + response.body());
        }
        proposalUnanswered = false;
        Map<String, Object> answer = Json.parseObject(response.body().getBytes(StandardCharsets.UTF_8));
        if (enrolling) {
            LOG.info("Enrolled as " + agentName + "; the agent's secret is in " + secret.file());
            pinServerKey(answer);
        }
        return answer.get("heartbeatSeconds") instanceof Number number ? Math.max(1, number.intValue()) : 5;
    }

    /**
     * A fresh secret, on disk before the server hears of it: if the agent dies before the server stores it, the next
     * start gets 401 and draws another; if after, the next start speaks with it. A secret the server drew and the
     * agent never wrote would lock the agent out of its name.
     */
    private Map<String, Object> proposing(Map<String, Object> registration) throws IOException {
        Map<String, Object> enrollment = new LinkedHashMap<>(registration);
        enrollment.put(EnrollmentSecret.FIELD, secret.keep(EnrollmentSecret.generate()));
        proposalUnanswered = true;
        return enrollment;
    }

    /**
     * The key the enrollment's answer carries is the one this agent obeys from now on. Over plain HTTP whoever sits
     * between could have answered: that is the explicit choice of an {@code http://} server, and the log says so.
     */
    private void pinServerKey(Map<String, Object> answer) throws IOException {
        if (!(answer.get(ServerSigningKeys.FIELD) instanceof String key)) {
            LOG.warning("The server's enrollment answer carries no signing key (a server older than this agent?): "
                    + "this agent obeys no call until its server delivers one");
            return;
        }
        serverKey.pin(key, "https".equalsIgnoreCase(server.getScheme())
                ? "from the enrollment's answer over HTTPS" : "from the enrollment's answer over plain HTTP, "
                + "which anyone between could have changed");
    }

    /**
     * The HTTP status of the heartbeat: 404 or 401 means the server forgot us and we register again. It says which
     * server key this agent holds, so the server delivers its key to an agent that holds none.
     */
    int heartbeat(boolean busy) throws IOException, InterruptedException {
        Map<String, Object> heartbeat = new LinkedHashMap<>();
        heartbeat.put("busy", busy);
        heartbeat.put(ServerSigningKeys.FINGERPRINT_FIELD, serverKey.fingerprint());
        return post(agentPath("/heartbeat"), Json.write(heartbeat), enrolledSecret()).statusCode();
    }

    /** The fingerprint of the server key this agent holds, for its registration; null for none. */
    String serverKeyFingerprint() {
        return serverKey.fingerprint();
    }

    /** Live samples are a preview: sent without waiting, and a lost one is not retried. */
    void live(LiveSamples samples) {
        String own = secret.value();
        if (own != null) {
            http.sendAsync(request(agentPath("/live"), Json.write(samples.toJson()), own),
                    HttpResponse.BodyHandlers.discarding());
        }
    }

    /** A running scenario's latency samples: a preview as live samples are, and also kept for a lost result. */
    void latency(LatencySamples samples) {
        String own = secret.value();
        if (own != null) {
            http.sendAsync(request(agentPath("/latency"), Json.write(samples.toJson()), own),
                    HttpResponse.BodyHandlers.discarding());
        }
    }

    /** Delivers a spooled result; the status decides whether it is done, to be retried, or refused for good. */
    int deliver(String resultJson) throws IOException, InterruptedException {
        return post(agentPath("/results"), resultJson, enrolledSecret()).statusCode();
    }

    /** Before enrolling the agent has nothing to speak with: to the spool that is like an unreachable server. */
    private String enrolledSecret() throws IOException {
        String own = secret.value();
        if (own == null) {
            throw new IOException("not enrolled with the server yet");
        }
        return own;
    }

    private String agentPath(String suffix) {
        return "/api/v1/agents/" + agentName + suffix;
    }

    private HttpResponse<String> post(String path, String json, String bearer)
            throws IOException, InterruptedException {
        return http.send(request(path, json, bearer), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String path, String json, String bearer) {
        return HttpRequest.newBuilder(server.resolve(path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
    }
}
