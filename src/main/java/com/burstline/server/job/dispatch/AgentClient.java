package com.burstline.server.job.dispatch;

import com.burstline.contract.AgentCallSignature;
import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostConfig;
import com.burstline.contract.HostConfigRequest;
import com.burstline.contract.Json;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ServerRoleRequest;
import com.burstline.server.fleet.AgentAddresses;
import com.burstline.server.fleet.AgentCallKeys;
import com.burstline.server.fleet.AgentCertificateException;
import com.burstline.server.fleet.AgentTrust;
import com.burstline.server.fleet.AgentView;
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
 * The server's calls to agents (docs/agent-protocol.md, "Server → agent"), each signed with the called agent's own
 * key ({@link AgentCallSignature}), which is what makes the agent obey it. Every failure
 * becomes an {@link AgentCallException} whose message a person can read on the job page. HTTPS agents are held to
 * what {@link AgentTrust} trusts for them (by default the certificate pinned at enrollment): one HTTP client per
 * trust, since a JDK client has one TLS context for all its connections.
 */
@Component
class AgentClient {
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(15);

    private final JsonMapper json = JsonMapper.builder().build();
    private final Duration connectTimeout;
    private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();
    private static final String AGENT_PROBLEM = "urn:burstline:agent-problem:";
    private static final int MAX_DETAIL = 300;

    private final AgentCallKeys keys;
    private final AgentAddresses addresses;
    private final AgentTrust trust;
    private final Clock clock = Clock.systemUTC();

    AgentClient(AgentCallKeys keys, BurstlineProperties properties, AgentAddresses addresses, AgentTrust trust) {
        this.keys = keys;
        this.addresses = addresses;
        this.trust = trust;
        this.connectTimeout = properties.jobs().agentConnectTimeout();
    }

    void startIperf3Server(AgentView peer, ServerRoleRequest role) throws AgentCallException, InterruptedException {
        post(peer, "/v1/iperf3-server", Json.write(role.toJson()), "start an iperf3 server");
    }

    /** The peer is named only when it lies inside the allowed networks, checked again now as names may move. */
    void startScenario(AgentView sut, ScenarioSpec spec) throws AgentCallException, InterruptedException {
        String refusal = addresses.hostRefusal("peer", spec.peerHost());
        if (refusal != null) {
            throw new AgentCallException("the server does not send agent " + sut.name() + " to measure: " + refusal,
                    false);
        }
        post(sut, "/v1/scenarios", Json.write(spec.toJson()), "start the scenario");
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

    /** Messages are written by the contract's own code, the same the agent reads them with. */
    private HttpResponse<String> post(AgentView agent, String path, String body, String what)
            throws AgentCallException, InterruptedException {
        URI uri = URI.create(agent.url() + path);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(ANSWER_TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes));
        AgentCallSignature.sign(keyOf(agent), "POST", uri.getRawPath(), bytes, clock.instant())
                .forEach(request::header);
        HttpResponse<String> response = send(agent, request.build());
        if (response.statusCode() / 100 != 2) {
            throw new AgentCallException("agent " + agent.name() + " could not " + what + ": "
                    + detailOf(response), response.statusCode() == 409);
        }
        return response;
    }

    private String keyOf(AgentView agent) throws AgentCallException {
        return keys.callKey(agent.name()).orElseThrow(() -> new AgentCallException("agent " + agent.name()
                + " has no secret of its own (it registered before agents enrolled), so the server cannot sign calls "
                + "to it: remove it on the Agents page and restart it with a current agent, which enrolls again",
                false));
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
            throw new AgentCallException(where + " could not be reached (no connection within "
                    + connectTimeout.toSeconds() + " s)", false);
        } catch (HttpTimeoutException e) {
            throw new AgentCallException(where + " did not answer within " + ANSWER_TIMEOUT.toSeconds() + " s",
                    false);
        } catch (ConnectException e) {
            throw new AgentCallException(where + " could not be reached (connection refused)", false);
        } catch (SSLException e) {
            throw new AgentCallException(tlsFailure(where, e), false);
        } catch (IOException e) {
            throw new AgentCallException(where + " could not be reached: " + e.getMessage(), false);
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
    private String detailOf(HttpResponse<String> response) {
        String detail = null;
        boolean problemJson = response.headers().firstValue("Content-Type").orElse("")
                .startsWith("application/problem+json");
        try {
            JsonNode problem = problemJson ? json.readTree(response.body()) : null;
            if (problem != null && problem.path("type").asString("").startsWith(AGENT_PROBLEM)) {
                detail = problem.path("detail").stringValue(null);
            }
        } catch (JacksonException notJson) {
            // not the agent's problem: the status alone
        }
        if (detail == null) {
            return "HTTP " + response.statusCode() + " (not an answer of the Burstline agent protocol)";
        }
        return "HTTP " + response.statusCode() + " " + (detail.length() > MAX_DETAIL
                ? detail.substring(0, MAX_DETAIL) + "…" : detail).replaceAll("\\p{Cntrl}", " ");
    }
}
