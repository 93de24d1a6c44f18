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

/** The agent's calls to its server, each with the agent token. */
final class ServerClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final URI server;
    private final String token;
    private final String agentName;

    ServerClient(URI server, String token, String agentName) {
        this.server = server;
        this.token = token;
        this.agentName = agentName;
    }

    /** Registers (or re-registers) and answers the heartbeat period the server asks for. */
    int register(Map<String, Object> registration) throws IOException, InterruptedException {
        HttpResponse<String> response = post("/api/v1/agents", Json.write(registration));
        if (response.statusCode() != 200) {
            throw new IOException("the server refused the registration: HTTP " + response.statusCode() + " "
                    + response.body());
        }
        Object seconds = Json.parseObject(response.body().getBytes(StandardCharsets.UTF_8)).get("heartbeatSeconds");
        return seconds instanceof Number number ? Math.max(1, number.intValue()) : 5;
    }

    /** The HTTP status of the heartbeat: 404 means the server forgot us and we register again. */
    int heartbeat(boolean busy) throws IOException, InterruptedException {
        return post(agentPath("/heartbeat"), Json.write(Map.of("busy", busy))).statusCode();
    }

    /** Live samples are a preview: sent without waiting, and a lost one is not retried. */
    void live(LiveSamples samples) {
        http.sendAsync(request(agentPath("/live"), Json.write(samples.toJson())),
                HttpResponse.BodyHandlers.discarding());
    }

    /** Delivers a spooled result; the status decides whether it is done, to be retried, or refused for good. */
    int deliver(String resultJson) throws IOException, InterruptedException {
        return post(agentPath("/results"), resultJson).statusCode();
    }

    private String agentPath(String suffix) {
        return "/api/v1/agents/" + agentName + suffix;
    }

    private HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        return http.send(request(path, json), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String path, String json) {
        return HttpRequest.newBuilder(server.resolve(path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
    }
}
