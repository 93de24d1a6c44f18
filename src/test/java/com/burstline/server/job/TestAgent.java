package com.burstline.server.job;

import com.burstline.contract.AgentCallVerifier;
import com.burstline.contract.LegacyCallSignature;
import com.burstline.contract.ServerSigningKeys;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The test plays an agent over real HTTP, both ways: it registers and sends heartbeats to the server like an agent,
 * and answers the server's calls ({@code /v1/iperf3-server}, {@code /v1/scenarios}, {@code /v1/scenarios/cancel})
 * by accepting them and remembering their bodies. It enrolls with the enrollment token and from then on speaks with
 * the secret the server answered, like the real agent, pins the server's signing key the answer carries, and obeys
 * only calls signed with that key for its name, checked with the agent's own {@link AgentCallVerifier} (a refused
 * call is answered 401 and not remembered). It never measures: the test posts the result itself, with real
 * iperf3 output, and {@link #postResult} adds the nonce the server dispatched the scenario with. End-to-end runs with
 * the real agent jar are in {@link JobDispatchIT}.
 */
public final class TestAgent implements AutoCloseable {
    final String name;
    final List<String> calls = new CopyOnWriteArrayList<>();
    private final HttpServer http;
    private final HttpClient client = HttpClient.newHttpClient();
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();
    private final String server;
    /** What a real agent keeps in its spool directory: a new TestAgent of a known name registers as that agent. */
    private static final Map<String, String> KEPT_SECRETS = new ConcurrentHashMap<>();
    private static final Map<String, String> KEPT_SERVER_KEYS = new ConcurrentHashMap<>();

    private final String enrollmentToken;
    private volatile String secret;
    private volatile String serverKey;
    private volatile boolean holdScenarioDispatches;
    /** What it answers {@code /v1/host-config} with: nothing, unless a test gives it a configuration. */
    private volatile String hostConfig = "{}";
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AgentCallVerifier verifier;
    /** Calls refused for their signature: "PATH detail". */
    final List<String> refused = new CopyOnWriteArrayList<>();

    public TestAgent(String server, String enrollmentToken, String name) throws IOException {
        this.server = server;
        this.enrollmentToken = enrollmentToken;
        this.name = name;
        this.verifier = new AgentCallVerifier(name,
                () -> serverKey == null ? null : ServerSigningKeys.parsePublic(serverKey),
                () -> secret == null ? null : LegacyCallSignature.keyOf(secret), Clock.systemUTC(), 1000,
                AgentCallVerifier.SeenNonces.IN_MEMORY);
        this.http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/v1/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            AgentCallVerifier.Refusal refusal = verifier.refusal(exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawPath(), body, exchange.getRequestHeaders()::getFirst);
            if (refusal != null) {
                refuse(exchange, refusal);
                return;
            }
            calls.add(exchange.getRequestURI().getPath() + " " + new String(body, StandardCharsets.UTF_8));
            if (holdScenarioDispatches && exchange.getRequestURI().getPath().equals("/v1/scenarios")) {
                awaitClose();
            }
            byte[] answer = (exchange.getRequestURI().getPath().equals("/v1/host-config") ? hostConfig : "{}")
                    .getBytes(StandardCharsets.UTF_8);
            int status = exchange.getRequestURI().getPath().endsWith("cancel") ? 204 : 200;
            exchange.sendResponseHeaders(status, status == 204 ? -1 : answer.length);
            if (status != 204) {
                exchange.getResponseBody().write(answer);
            }
            exchange.close();
        });
        http.start();
    }

    private void refuse(HttpExchange exchange, AgentCallVerifier.Refusal refusal) throws IOException {
        refused.add(exchange.getRequestURI().getPath() + " " + refusal.detail());
        byte[] problem = ("{\"type\": \"urn:burstline:agent-problem:" + refusal.status() + "\", \"status\": "
                + refusal.status() + ", \"detail\": \"" + refusal.detail().replace("\"", "'") + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/problem+json");
        exchange.sendResponseHeaders(refusal.status(), problem.length);
        exchange.getResponseBody().write(problem);
        exchange.close();
    }

    /** From now on it answers {@code /v1/host-config} with this configuration (a real agent's reading). */
    TestAgent answersHostConfig(com.burstline.contract.HostConfig config) {
        hostConfig = com.burstline.contract.Json.write(config.toJson());
        return this;
    }

    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    /**
     * Enrolls with facts like a real agent's and keeps its secret, or registers again with the secret an earlier
     * TestAgent of this name kept (like a restarted agent); then sends a heartbeat twice a second.
     */
    public TestAgent register() {
        secret = KEPT_SECRETS.get(server + " " + name);
        serverKey = secret == null ? null : KEPT_SERVER_KEYS.get(server + " " + name);
        HttpResponse<String> response = post("/api/v1/agents", registration());
        if (response.statusCode() == 401 && secret != null) { // another server on the same port: enroll there
            secret = null;
            serverKey = null;
            response = post("/api/v1/agents", registration());
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("registration refused: " + response.body());
        }
        JsonNode answer = JobApiClient.json(response);
        if (answer.has("secret")) {
            secret = answer.get("secret").stringValue();
            KEPT_SECRETS.put(server + " " + name, secret);
        }
        if (answer.has(ServerSigningKeys.FIELD)) {
            serverKey = answer.get(ServerSigningKeys.FIELD).stringValue();
            KEPT_SERVER_KEYS.put(server + " " + name, serverKey);
        }
        heartbeats.scheduleAtFixedRate(this::heartbeat, 500, 500, TimeUnit.MILLISECONDS);
        return this;
    }

    /** The agent's own secret, from its enrollment. */
    String secret() {
        return secret;
    }

    /** The nonce the server sent with this scenario's dispatch (waits for the dispatch to arrive). */
    String nonceFor(long scenarioId) {
        String dispatched = "\"scenarioId\":" + scenarioId + ",";
        String call = Eventually.await("agent " + name + " to be sent scenario " + scenarioId, JobApiClient.PATIENCE,
                () -> calls.stream().filter(c -> c.startsWith("/v1/scenarios {") && c.contains(dispatched))
                        .findFirst().orElse(null), found -> found != null);
        return JobApiClient.JSON.readTree(call.substring(call.indexOf(' ') + 1)).get("nonce").stringValue();
    }

    /** Posts a result (or live samples: path "/live") as this agent, with the nonce of the scenario's dispatch. */
    public HttpResponse<String> postResult(String resultJson) {
        return postReport("/results", resultJson);
    }

    HttpResponse<String> postReport(String path, String json) {
        ObjectNode body = (ObjectNode) JobApiClient.JSON.readTree(json);
        body.put("nonce", nonceFor(body.get("scenarioId").longValue()));
        return post("/api/v1/agents/" + name + path, body.toString());
    }

    private void heartbeat() {
        try {
            post("/api/v1/agents/" + name + "/heartbeat", "{\"busy\": false, \"serverKeySha256\": "
                    + heldServerKey() + "}");
        } catch (RuntimeException serverGone) {
            // like a real agent: keep trying
        }
    }

    String registration() {
        return """
                {"name": "%s", "url": "%s", "version": "test", "facts": {"osName": "Linux", "cpus": 2,
                 "iperf3Version": "3.12", "instanceType": "t4g.large", "routeInterface": null,
                 "interfaces": [{"name": "eth0", "driver": "ena", "driverVersion": "2.11.0", "mtu": 9001,
                                 "addresses": ["127.0.0.1"]}]},
                 "serverKeySha256": %s}
                """.formatted(name, url(), heldServerKey());
    }

    /** The fingerprint of the server key this agent pinned, as JSON (null for none). */
    private String heldServerKey() {
        String pinned = serverKey;
        return pinned == null ? "null" : "\"" + ServerSigningKeys.fingerprint(ServerSigningKeys.parsePublic(pinned))
                + "\"";
    }

    /** With the agent's own secret once it enrolled, else the enrollment token. */
    public HttpResponse<String> post(String path, String json) {
        return post(path, json, secret != null ? secret : enrollmentToken);
    }

    public HttpResponse<String> post(String path, String json, String bearer) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server + path))
                .header("Authorization", "Bearer " + bearer).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The agent keeps sending heartbeats, but the server can no longer reach its API (a firewall, a wrong url). */
    void stopApi() {
        http.stop(0);
    }

    /** From now on a scenario's dispatch is taken but answered only when the agent closes, like a hung agent's. */
    void holdScenarioDispatches() {
        holdScenarioDispatches = true;
    }

    private void awaitClose() {
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Like a crashed agent: no more heartbeats, and its API is gone. */
    @Override
    public void close() {
        heartbeats.shutdownNow();
        closed.countDown();
        http.stop(0);
    }
}
