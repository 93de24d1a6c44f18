package com.burstline.agent;

import com.burstline.contract.Json;
import com.burstline.contract.LiveSamples;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The agent's calls to its server. Registration enrolls with the enrollment token (the server's agent token) the
 * first time and keeps the secret the server answers ({@link AgentSecret}); from then on every call carries that
 * secret, so the server knows which agent speaks.
 */
final class ServerClient {
    private static final Logger LOG = Logger.getLogger(ServerClient.class.getName());
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final URI server;
    private final String enrollmentToken;
    private final AgentSecret secret;
    private final String agentName;

    ServerClient(URI server, String enrollmentToken, AgentSecret secret, String agentName) {
        this.server = server;
        this.enrollmentToken = enrollmentToken;
        this.secret = secret;
        this.agentName = agentName;
    }

    /**
     * Registers as itself with the kept secret, or enrolls with the enrollment token when there is none or the server
     * does not know it (401: an admin removed the agent, or this is another server). Answers the heartbeat period.
     */
    int register(Map<String, Object> registration) throws IOException, InterruptedException {
        String body = Json.write(registration);
        HttpResponse<String> response = null;
        if (secret.value() != null) {
            response = post("/api/v1/agents", body, secret.value());
            if (response.statusCode() == 401) {
                LOG.warning("The server does not know this agent's secret (" + secret.file() + "); enrolling again");
                secret.forget();
                response = null;
            }
        }
        if (response == null) {
            response = post("/api/v1/agents", body, enrollmentToken);
        }
        if (response.statusCode() != 200) {
            throw new IOException("the server refused the registration: HTTP " + response.statusCode() + " "
                    + response.body());
        }
        Map<String, Object> answer = Json.parseObject(response.body().getBytes(StandardCharsets.UTF_8));
        if (answer.get("secret") instanceof String issued && !issued.isBlank()) {
            secret.keep(issued);
            LOG.info("Enrolled as " + agentName + "; the agent's secret is in " + secret.file());
        }
        return answer.get("heartbeatSeconds") instanceof Number number ? Math.max(1, number.intValue()) : 5;
    }

    /** The HTTP status of the heartbeat: 404 or 401 means the server forgot us and we register again. */
    int heartbeat(boolean busy) throws IOException, InterruptedException {
        return post(agentPath("/heartbeat"), Json.write(Map.of("busy", busy)), enrolledSecret()).statusCode();
    }

    /** Live samples are a preview: sent without waiting, and a lost one is not retried. */
    void live(LiveSamples samples) {
        String own = secret.value();
        if (own != null) {
            http.sendAsync(request(agentPath("/live"), Json.write(samples.toJson()), own),
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
