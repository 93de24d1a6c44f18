package com.burstline.bench;

import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A simulated agent that takes part in jobs on the real wire contract without measuring: it enrolls with the
 * enrollment token and speaks with its own secret, heartbeats at the period the server answered, accepts the
 * server's calls ({@code /v1/iperf3-server}, {@code /v1/scenarios}, cancels; their signatures are not checked, it
 * trusts its loopback) and, as a SUT, posts the scenario's result after its duration: a real iperf3 output with a
 * fresh cookie ({@link Corpus}), with the dispatch's nonce. Threads are the caller's: one scheduler for all.
 */
final class SimulatedPairAgent implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String name;
    private final String server;
    private final HttpServer http;
    private final HttpClient client;
    private final ScheduledExecutorService timers;
    private final Corpus outputs;
    private volatile String secret;

    SimulatedPairAgent(String name, String server, HttpClient client, ScheduledExecutorService timers,
                       Corpus outputs) throws IOException {
        this.name = name;
        this.server = server;
        this.client = client;
        this.timers = timers;
        this.outputs = outputs;
        this.http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/v1/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestURI().getPath().equals("/v1/scenarios")) {
                JsonNode spec = JSON.readTree(body);
                timers.schedule(() -> deliver(spec), spec.get("durationSeconds").intValue(),
                        TimeUnit.SECONDS);
            }
            boolean cancel = exchange.getRequestURI().getPath().endsWith("cancel");
            byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(cancel ? 204 : 200, cancel ? -1 : answer.length);
            if (!cancel) {
                exchange.getResponseBody().write(answer);
            }
            exchange.close();
        });
        http.start();
    }

    /** Enrolls and starts heartbeating. */
    SimulatedPairAgent register(String enrollmentToken) throws IOException, InterruptedException {
        String registration = """
                {"name": "%s", "url": "http://127.0.0.1:%d", "version": "bench", "facts": {"osName": "Linux",
                 "cpus": 2, "iperf3Version": "3.12", "instanceType": "t4g.large", "interfaces": []}}"""
                .formatted(name, http.getAddress().getPort());
        HttpResponse<String> answer = post("/api/v1/agents", registration, enrollmentToken);
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(name + " could not enroll: " + answer.body());
        }
        JsonNode registered = JSON.readTree(answer.body());
        secret = registered.get("secret").stringValue();
        long period = registered.path("heartbeatSeconds").asLong(5);
        timers.scheduleAtFixedRate(this::heartbeat, period, period, TimeUnit.SECONDS);
        return this;
    }

    private void heartbeat() {
        try {
            post("/api/v1/agents/" + name + "/heartbeat", "{\"busy\": false}", secret);
        } catch (IOException | InterruptedException serverAway) {
            // as a real agent: the next one tries again
        }
    }

    private void deliver(JsonNode spec) {
        Corpus.Upload output = outputs.next(1).get(0);
        ObjectNode result = JSON.createObjectNode().put("jobId", spec.get("jobId").longValue())
                .put("scenarioId", spec.get("scenarioId").longValue()).put("attempt", spec.get("attempt").intValue())
                .put("nonce", spec.get("nonce").stringValue()).put("succeeded", true)
                .put("output", new String(output.content(), StandardCharsets.UTF_8)).put("outputFormat", "json")
                .put("stderr", "").put("exitCode", 0);
        result.putArray("command").add("iperf3").add("-c").add("127.0.0.1").add("-J");
        try {
            post("/api/v1/agents/" + name + "/results", result.toString(), secret);
        } catch (IOException | InterruptedException e) {
            System.err.println(name + " could not deliver a result: " + e.getMessage());
        }
    }

    private HttpResponse<String> post(String path, String json, String bearer)
            throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(server + path)).header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
