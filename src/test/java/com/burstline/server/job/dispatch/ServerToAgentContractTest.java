package com.burstline.server.job.dispatch;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.contract.AgentCallVerifier;
import com.burstline.contract.AttemptKey;
import com.burstline.contract.DispatchNonce;
import com.burstline.contract.HostDrops;
import com.burstline.contract.Json;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ServerRoleRequest;
import com.burstline.contract.ServerSigningKeys;
import com.burstline.server.fleet.AgentAddresses;
import com.burstline.server.fleet.AgentCallKeys;
import com.burstline.server.fleet.ServerSigningKey;
import com.burstline.server.fleet.AgentTrust;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.job.ScenarioWork;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.job.planning.JobRules;
import com.burstline.server.system.BurstlineProperties;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server's side of the wire contract: what the server's {@link AgentClient} puts on the wire, read back with the
 * agent's own code (the contract's {@code fromJson}, which the agent's endpoints call). The scenarios come from the
 * server's job checks at their limits, so a job the server accepts is one the agent runs. The stand-in checks each
 * call's signature with the agent's own verifier and key, as the agent does.
 */
class ServerToAgentContractTest {
    private static final String NONCE = DispatchNonce.generate();
    /** As the peer of the lab's UDP upload counted it (src/test/resources/agent/drops). */
    private static final HostDrops PEER_DROPS = new HostDrops("blev-tb", HostDrops.LINUX,
            Map.of(HostDrops.UDP_RCVBUF_ERRORS, 0L, HostDrops.UDP_IN_ERRORS, 0L),
            Map.of(HostDrops.UDP_RCVBUF_ERRORS, 141_026L, HostDrops.UDP_IN_ERRORS, 141_026L), Map.of());
    private final Map<String, String> received = new ConcurrentHashMap<>();
    private final ServerSigningKey signingKey = TestAgentClients.newSigningKey();
    private final AgentCallVerifier verifier = new AgentCallVerifier("sut",
            () -> ServerSigningKeys.parsePublic(signingKey.publicText()), () -> null, Clock.systemUTC(), 100,
            AgentCallVerifier.SeenNonces.IN_MEMORY);
    private HttpServer agent;
    private AgentView view;
    private AgentClient client;

    @BeforeEach
    void startAgentStandIn() throws IOException {
        agent = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        agent.createContext("/v1/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            AgentCallVerifier.Refusal refusal = verifier.refusal(exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawPath(), body, exchange.getRequestHeaders()::getFirst);
            if (refusal == null) {
                received.put(exchange.getRequestURI().getPath(), new String(body, StandardCharsets.UTF_8));
            }
            exchange.sendResponseHeaders(refusal == null ? 204 : refusal.status(), -1);
            exchange.close();
        });
        agent.createContext("/v1/iperf3-server/drops", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.put(exchange.getRequestURI().getPath(), new String(body, StandardCharsets.UTF_8));
            byte[] answer = Json.write(PEER_DROPS.toJson()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        agent.start();
        view = new AgentView("sut", "http://127.0.0.1:" + agent.getAddress().getPort(), "127.0.0.1", "test", null,
                true, false, null, null, null, null);
        client = TestAgentClients.client(signingKey, properties(Duration.ofSeconds(20)));
    }

    @AfterEach
    void stop() {
        agent.stop(0);
    }

    @Test
    void theLongestScenarioTheServerAcceptsIsOneTheAgentReadsUnchanged() throws Exception {
        Scenario longest = JobRules.check(request(new JobRequest.ScenarioRequest("udp", "bidir",
                Scenario.STREAMS.maxInt(), Scenario.DURATION.maxInt(), 0.1, Scenario.OMIT.maxInt(),
                Scenario.TARGET.maxLong(), "java")), name -> true).scenarios().get(0);
        ScenarioSpec sent = ScenarioAttempt.spec(work(longest), "10.77.0.2", 5209, List.of("10.77.0.0/16"));

        client.startScenario(view, sent);

        ScenarioSpec read = ScenarioSpec.fromJson(Json.parseObject(received.get("/v1/scenarios")));
        assertThat(read).isEqualTo(sent);
        assertThat(read.nonce()).isEqualTo(NONCE);
        assertThat(read.scenario().durationSeconds()).isEqualTo(3600);
        assertThat(read.scenario().omitSeconds()).isEqualTo(600);
        assertThat(read.scenario().tool()).as("the engine's former name, read as its one name")
                .isEqualTo("burstline-java");
    }

    /** The bug this contract fixed: the agent capped the timeout at 3600 + 600 + 300 s whatever the server's margin. */
    @Test
    void aResultMarginAboveFiveMinutesWithTheLongestScenarioIsAcceptedByTheAgent() throws Exception {
        Duration margin = properties(Duration.ofMinutes(15)).jobs().resultMargin();
        Scenario longest = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(Scenario.DURATION.maxInt())
                .omitSeconds(Scenario.OMIT.maxInt()).tool("burstline-java").build();
        ScenarioSpec spec = ScenarioAttempt.spec(work(longest), "10.77.0.2", 5201, List.of());

        client.startIperf3Server(view, ServerRoleRequest.forScenario(spec, margin));

        ServerRoleRequest read = ServerRoleRequest.fromJson(Json.parseObject(received.get("/v1/iperf3-server")));
        assertThat(read.timeoutSeconds()).isEqualTo(3600 + 600 + 900);
        assertThat(read.tool()).isEqualTo("burstline-java");
        assertThat(read.port()).isEqualTo(5201);
    }

    @Test
    void aMarginBeyondWhatAgentsAcceptStopsTheServerAtStartNotAJobLater() {
        assertThatThrownBy(() -> properties(ServerRoleRequest.MAX_RESULT_MARGIN.plusSeconds(1)))
                .hasMessageContaining("result margin must be between 0 and 3600 s");
    }

    /** The agent refuses a dispatch without its nonce: it could never report on it. */
    @Test
    void aDispatchWithoutANonceIsRefusedByTheAgent() {
        Map<String, Object> json = ScenarioAttempt.spec(work(Scenario.of(Protocol.TCP, Direction.UPLOAD)
                .durationSeconds(5).build()), "10.77.0.2", 5201, List.of()).toJson();
        json.remove("nonce");

        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).hasMessageContaining("nonce must be a non-empty string");
        json.put("nonce", "short");
        assertThatThrownBy(() -> ScenarioSpec.fromJson(json)).hasMessageContaining("nonce must be 16 to 128");
    }

    /** The peer learns which attempt its server role serves, and is asked for that attempt's drop counts. */
    @Test
    void thePeersDropCountsAreAskedForByTheAttemptTheServerRoleServed() throws Exception {
        Scenario udp = Scenario.of(Protocol.UDP, Direction.UPLOAD).durationSeconds(5)
                .targetBitsPerSecond(2_000_000_000L).build();
        ScenarioSpec spec = ScenarioAttempt.spec(work(udp), "10.77.0.2", 5201, List.of());

        client.startIperf3Server(view, ServerRoleRequest.forScenario(spec, Duration.ofSeconds(30)));
        HostDrops answered = client.serverRoleDrops(view, spec.key());

        assertThat(ServerRoleRequest.fromJson(Json.parseObject(received.get("/v1/iperf3-server"))).attempt())
                .isEqualTo(spec.key());
        assertThat(AttemptKey.fromJson(Json.parseObject(received.get("/v1/iperf3-server/drops"))))
                .isEqualTo(spec.key());
        assertThat(answered).isEqualTo(PEER_DROPS);
        assertThat(answered.delta()).containsEntry(HostDrops.UDP_RCVBUF_ERRORS, 141_026L);
    }

    @Test
    void aCancelIsTheAttemptsKey() throws Exception {
        AttemptKey key = new AttemptKey(7, 31, 2);

        client.cancel(view, key);

        assertThat(AttemptKey.fromJson(Json.parseObject(received.get("/v1/scenarios/cancel")))).isEqualTo(key);
    }

    @Test
    void aCallSignedWithAnotherServersKeyIsRefusedByTheAgent() {
        AgentClient otherServer = TestAgentClients.client(TestAgentClients.newSigningKey(),
                properties(Duration.ofSeconds(20)));

        assertThatThrownBy(() -> otherServer.cancel(view, new AttemptKey(7, 31, 2)))
                .isInstanceOf(AgentCallException.class).hasMessageContaining("HTTP 401");
        assertThat(received).isEmpty();
    }

    @Test
    void anAgentWithoutASecretOfItsOwnIsNotCalled() {
        AgentCallKeys noSecret = new AgentCallKeys() {
            @Override
            public Optional<CallKeys> callKeys(String agentName) {
                return Optional.empty();
            }

            @Override
            public void heldServerKey(String agentName, String fingerprint) {
            }
        };
        AgentClient noKey = new AgentClient(noSecret, signingKey, properties(Duration.ofSeconds(20)),
                AgentAddresses.defaults(), AgentTrust.pinning());

        assertThatThrownBy(() -> noKey.cancel(view, new AttemptKey(7, 31, 2)))
                .hasMessageContaining("agent sut has no secret of its own");
        assertThat(received).isEmpty();
    }

    /** The server names only peers inside burstline.agents.allowed-networks, whatever its records say. */
    @Test
    void aPeerOutsideTheAllowedNetworksIsNeverNamed() {
        ScenarioSpec outside = ScenarioAttempt.spec(work(Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(5)
                .build()), "8.8.8.8", 5201, List.of());

        assertThatThrownBy(() -> client.startScenario(view, outside))
                .hasMessageContaining("peer 8.8.8.8 (8.8.8.8) is outside burstline.agents.allowed-networks");
        assertThat(received).isEmpty();
    }



    private static JobRequest request(JobRequest.ScenarioRequest scenario) {
        return new JobRequest("sut", "peer", null, List.of(scenario), 1, List.of(), null, null);
    }

    private static ScenarioWork work(Scenario scenario) {
        return new ScenarioWork(new AttemptKey(7, 31, 1), "sut", "peer", scenario, NONCE, false);
    }

    private static BurstlineProperties properties(Duration margin) {
        return new BurstlineProperties(null, null, null, "t", null,
                new BurstlineProperties.Jobs(null, null, margin, null), null);
    }
}
