package com.burstline.bench;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/** The server's user API over real HTTP, as a user or a script calls it; anything but the expected status is fatal. */
final class ServerApi {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String apiToken;

    ServerApi(String base, String apiToken) {
        this.base = base;
        this.apiToken = apiToken;
    }

    String base() {
        return base;
    }

    /** The same user on a client of its own: its requests never queue behind this one's connections. */
    ServerApi another() {
        return new ServerApi(base, apiToken);
    }

    /** Where an HTTP client of the benchmark's own sends the user's requests, as {@code Authorization} says. */
    String authorization() {
        return "Bearer " + apiToken;
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + apiToken)
                .GET(), 200);
    }

    JsonNode post(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + apiToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)), 201);
    }

    /**
     * Times one {@code GET} of a page or an API path as a browser's request would take it, the whole body read;
     * anything but 200 is fatal, so that a figure never times an error page.
     *
     * @return the nanoseconds from sending to the last byte of the answer
     */
    long timedGet(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + apiToken).GET().build();
        long sent = System.nanoTime();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        long took = System.nanoTime() - sent;
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " answered " + response.statusCode());
        }
        return took;
    }

    /**
     * Polls {@code GET /api/v1/agents} every 20 ms until the agent is listed online, and answers when this call first
     * saw it ({@link System#nanoTime()}) with the agent as listed. The limit only keeps a broken run from hanging.
     */
    Listed awaitAgent(String name, Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode agent : get("/api/v1/agents")) {
                if (name.equals(agent.path("name").stringValue(null)) && agent.path("online").booleanValue()) {
                    return new Listed(System.nanoTime(), agent);
                }
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("agent " + name + " did not register within " + limit.toSeconds() + " s");
    }

    /** Polls the job every 20 ms until it has ended, and answers it; the limit only keeps a broken run from hanging. */
    JsonNode awaitJob(long id, Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode job = get("/api/v1/jobs/" + id);
            if (!List.of("QUEUED", "RUNNING").contains(job.path("status").stringValue())) {
                return job;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("job " + id + " did not end within " + limit.toSeconds() + " s");
    }

    /** An agent as {@code GET /api/v1/agents} listed it, and when (nanoTime) it was first seen there. */
    record Listed(long seenNanos, JsonNode agent) {
    }

    private JsonNode send(HttpRequest.Builder request, int expected) throws IOException, InterruptedException {
        HttpRequest built = request.build();
        HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException(built.method() + " " + built.uri() + " answered " + response.statusCode()
                    + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }
}
