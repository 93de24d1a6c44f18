package com.burstline.server.job.dispatch;

import com.burstline.contract.AgentProblems;
import com.burstline.contract.LegacyCallSignature;
import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;
import com.burstline.contract.HostConfig;
import com.burstline.contract.HostConfigRequest;
import com.burstline.contract.Json;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ServerRoleRequest;
import com.burstline.contract.ServerSigningKeys;
import com.burstline.server.fleet.AgentAddresses;
import com.burstline.server.fleet.AgentCallKeys;
import com.burstline.server.fleet.AgentCertificateException;
import com.burstline.server.fleet.AgentTrust;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.fleet.ServerSigningKey;
import com.burstline.server.system.BurstlineProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLException;

/**
 * The server's calls to agents (docs/agent-protocol.md, "Server → agent"), each signed with the server's own key for
 * the called agent ({@link ServerSigningKey}), which is what makes the agent obey it. An agent that holds no key of
 * this server's yet (enrolled before protocol v2) first gets it delivered, once, signed with the key of its secret
 * ({@link LegacyCallSignature}). Every failure becomes an {@link AgentCallException} whose message a person can read on
 * the job page. HTTPS agents are held to what {@link AgentTrust} trusts for them (by default the certificate pinned at
 * enrollment): one HTTP client per trust, since a JDK client has one TLS context for all its connections.
 */
@Component
class AgentClient {
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(15);

    private final JsonMapper json = JsonMapper.builder().build();
    private final Duration connectTimeout;
    private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();
    private static final int MAX_DETAIL = 300;
    /** The agent's endpoint for the one delivery of the server's key (docs/agent-protocol.md). */
    static final String SERVER_KEY_PATH = "/v1/server-key";

    private final AgentCallKeys keys;
    private final ServerSigningKey signingKey;
    private final AgentAddresses addresses;
    private final AgentTrust trust;
    private final Clock clock = Clock.systemUTC();

    AgentClient(AgentCallKeys keys, ServerSigningKey signingKey, BurstlineProperties properties,
                AgentAddresses addresses, AgentTrust trust) {
        this.keys = keys;
        this.signingKey = signingKey;
        this.addresses = addresses;
        this.trust = trust;
        this.connectTimeout = properties.jobs().agentConnectTimeout();
    }

    void startIperf3Server(AgentView peer, ServerRoleRequest role) throws AgentCallException, InterruptedException {
        post(peer, "/v1/iperf3-server", Json.write(role.toJson()), "start an iperf3 server");
    }

    /**
     * The address the SUT is sent to measure: the peer's test address resolved once, now, and checked against the
     * allowed networks; the SUT gets this address, never the name, so no later lookup can answer differently.
     */
    String peerAddress(AgentView sut, AgentView peer) throws AgentCallException {
        AgentAddresses.Checked checked = addresses.checkedAddress("peer", peer.testAddress());
        if (checked.refusal() != null) {
            throw new AgentCallException("the server does not send agent " + sut.name() + " to measure: "
                    + checked.refusal(), false);
        }
        return checked.address();
    }

    /** The networks the SUT is told the server allows peers in (ScenarioSpec#allowedNetworks). */
    java.util.List<String> peerNetworks() {
        return addresses.networks();
    }

    /** The spec names the address {@link #peerAddress} checked; it is checked again, without a lookup. */
    void startScenario(AgentView sut, ScenarioSpec spec) throws AgentCallException, InterruptedException {
        String refusal = addresses.hostRefusal("peer", spec.peerHost());
        if (refusal != null) {
            throw new AgentCallException("the server does not send agent " + sut.name() + " to measure: " + refusal,
                    false);
        }
        post(sut, "/v1/scenarios", Json.write(spec.toJson()), "start the scenario");
    }

    /**
     * The peer's receive-drop counts around the server role it ran for the attempt; asked once the attempt ended. The
     * agent waits a few seconds for a role that still runs, within this call's answer timeout.
     */
    HostDrops serverRoleDrops(AgentView peer, AttemptKey key) throws AgentCallException, InterruptedException {
        String body = post(peer, "/v1/iperf3-server/drops", Json.write(key.toJson()), "give its drop counts").body();
        return HostDrops.fromJson(Json.parseObject(body.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The agent's configuration towards the other host of a scenario, as sent ({@link HostConfig#fromJson} reads it
     * leniently). An agent older than this call answers 404, which is an {@link AgentCallException} like any other.
     */
    HostConfig hostConfig(AgentView agent, HostConfigRequest request) throws AgentCallException, InterruptedException {
        HttpResponse<String> answer = post(agent, "/v1/host-config", Json.write(request.toJson()),
                "read its host configuration");
        try {
            return HostConfig.fromJson(Json.parseObject(answer.body()));
        } catch (IllegalArgumentException notJson) {
            throw new AgentCallException("agent " + agent.name() + " answered its host configuration with something "
                    + "that is not JSON", false);
        }
    }

    /** The cancel message is the attempt's key. */
    void cancel(AgentView agent, AttemptKey key) throws AgentCallException, InterruptedException {
        post(agent, "/v1/scenarios/cancel", Json.write(key.toJson()), "cancel the scenario");
    }

    /** {@code GET /v1/status}, signed like every call: whether the server can call the agent at all. */
    void status(AgentView agent) throws AgentCallException, InterruptedException {
        call(agent, "GET", "/v1/status", null, "answer its status");
    }

    /** Messages are written by the contract's own code, the same the agent reads them with. */
    private HttpResponse<String> post(AgentView agent, String path, String body, String what)
            throws AgentCallException, InterruptedException {
        return call(agent, "POST", path, body, what);
    }

    /** @param body null for a GET */
    private HttpResponse<String> call(AgentView agent, String method, String path, String body, String what)
            throws AgentCallException, InterruptedException {
        AgentCallKeys.CallKeys held = keysOf(agent);
        if (!signingKey.fingerprint().equals(held.heldServerKey())) {
            deliverServerKey(agent, held);
        }
        URI uri = URI.create(agent.url() + path);
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> response = send(agent, request(uri, method, bytes,
                signingKey.sign(agent.name(), method, uri.getRawPath(), bytes)));
        if (response.statusCode() / 100 != 2) {
            String message = "agent " + agent.name() + " could not " + what + ": " + detailOf(response);
            if (AgentProblems.PORT_IN_USE.equals(problemKind(response))) {
                throw new AgentCallException.PortInUse(message);
            }
            throw new AgentCallException(message, response.statusCode() == 409);
        }
        return response;
    }

    /**
     * Gives an agent that enrolled before protocol v2 the server's key, once: signed with the key of its secret and
     * sent to its listener, whose certificate the server pinned. From then on the agent obeys only calls signed with
     * the server's key, and refuses any signed the old way. An agent that holds another server's key keeps it.
     */
    void deliverServerKey(AgentView agent, AgentCallKeys.CallKeys held)
            throws AgentCallException, InterruptedException {
        if (held.heldServerKey() != null) {
            throw new AgentCallException("agent " + agent.name() + " holds another server key (SHA-256 "
                    + held.heldServerKey() + ") than this server's (" + signingKey.fingerprint() + ") and obeys "
                    + "only that: remove it on the Agents page and enroll it again", false);
        }
        URI uri = URI.create(agent.url() + SERVER_KEY_PATH);
        byte[] bytes = Json.write(Map.of(ServerSigningKeys.FIELD, signingKey.publicText()))
                .getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> response = send(agent, request(uri, "POST", bytes,
                LegacyCallSignature.sign(held.secretKey(), "POST", uri.getRawPath(), bytes, clock.instant())));
        if (response.statusCode() == 404) {
            throw new AgentCallException("agent " + agent.name() + " runs a version older than this server's and "
                    + "cannot check the server's signature: update it (the Agents page's commands fetch this "
                    + "server's agent jar)", false);
        }
        if (response.statusCode() != 200) {
            throw new AgentCallException("agent " + agent.name() + " did not take the server's signing key: "
                    + detailOf(response), false);
        }
        keys.heldServerKey(agent.name(), signingKey.fingerprint());
    }

    /** Deliveries on heartbeats: an agent that holds no key of this server's gets it without waiting for a job. */
    void deliverServerKey(AgentView agent) throws AgentCallException, InterruptedException {
        AgentCallKeys.CallKeys held = keysOf(agent);
        if (!signingKey.fingerprint().equals(held.heldServerKey())) {
            deliverServerKey(agent, held);
        }
    }

    private HttpRequest request(URI uri, String method, byte[] body, Map<String, String> signature) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(ANSWER_TIMEOUT);
        if ("GET".equals(method)) {
            request.GET();
        } else {
            request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
        }
        signature.forEach(request::header);
        return request.build();
    }

    private AgentCallKeys.CallKeys keysOf(AgentView agent) throws AgentCallException {
        AgentCallKeys.CallKeys held = keys.callKeys(agent.name()).orElse(null);
        if (held == null || held.secretKey() == null) {
            throw new AgentCallException("agent " + agent.name() + " has no secret of its own (it registered before "
                    + "agents enrolled), so the server cannot sign calls to it: remove it on the Agents page and "
                    + "restart it with a current agent, which enrolls again", false);
        }
        return held;
    }

    private HttpResponse<String> send(AgentView agent, HttpRequest request)
            throws AgentCallException, InterruptedException {
        String where = "agent " + agent.name() + " at " + agent.url();
        String refusal = addresses.refusal(request.uri());
        if (refusal != null) {
            throw new AgentCallException("the server does not call " + where + ": " + refusal, false);
        }
        String untrusted = trust.refusal(agent);
        if (untrusted != null) {
            throw new AgentCallException(untrusted, false);
        }
        try {
            return clientFor(agent).send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpConnectTimeoutException e) {
            throw new AgentCallException.Unreachable(where + " could not be reached (no connection within "
                    + connectTimeout.toSeconds() + " s)");
        } catch (HttpTimeoutException e) {
            throw new AgentCallException(where + " did not answer within " + ANSWER_TIMEOUT.toSeconds() + " s",
                    false);
        } catch (ConnectException e) {
            throw new AgentCallException.Unreachable(where + " could not be reached (connection refused)");
        } catch (SSLException e) {
            throw new AgentCallException(tlsFailure(where, e), false);
        } catch (IOException e) {
            throw new AgentCallException.Unreachable(where + " could not be reached: " + e.getMessage());
        }
    }

    private HttpClient clientFor(AgentView agent) {
        return clients.computeIfAbsent(trust.trustKey(agent), key -> {
            HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(connectTimeout);
            return (agent.url().startsWith("https:") ? builder.sslContext(trust.context(agent)) : builder).build();
        });
    }

    /** A pin mismatch in the pin's own words; any other TLS failure with the TLS stack's. */
    private static String tlsFailure(String where, SSLException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof AgentCertificateException mismatch) {
                return mismatch.getMessage();
            }
        }
        return where + ": the TLS handshake failed (" + e.getMessage() + ")";
    }

    /**
     * The agent's problem detail when the answer is the agent protocol's own problem ("409 agent b is busy with job
     * 7 scenario 31"); anything else that answered is not quoted, so whatever sits at a wrong URL cannot put its
     * text on the job page.
     */
    /** The agent's problem, or null for an answer that is not one. */
    private JsonNode agentProblem(HttpResponse<String> response) {
        boolean problemJson = response.headers().firstValue("Content-Type").orElse("")
                .startsWith("application/problem+json");
        try {
            JsonNode problem = problemJson ? json.readTree(response.body()) : null;
            return problem != null && problem.path("type").asString("").startsWith(AgentProblems.TYPE_PREFIX)
                    ? problem : null;
        } catch (JacksonException notJson) {
            return null; // not the agent's problem: the status alone
        }
    }

    /** What follows the prefix of the agent's problem type: its status or a word ({@link AgentProblems}). */
    private String problemKind(HttpResponse<String> response) {
        JsonNode problem = agentProblem(response);
        return problem == null ? null : problem.path("type").asString("")
                .substring(AgentProblems.TYPE_PREFIX.length());
    }

    private String detailOf(HttpResponse<String> response) {
        JsonNode problem = agentProblem(response);
        String detail = problem == null ? null : problem.path("detail").stringValue(null);
        if (detail == null) {
            return "HTTP " + response.statusCode() + " (not an answer of the Burstline agent protocol)";
        }
        return "HTTP " + response.statusCode() + " " + (detail.length() > MAX_DETAIL
                ? detail.substring(0, MAX_DETAIL) + "…" : detail).replaceAll("\\p{Cntrl}", " ");
    }
}
