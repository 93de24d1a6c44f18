package com.burstline.agent;

import com.burstline.testsupport.SlowConnections;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real agent processes (target/burstline-agent.jar) under 500 slow connections from one client (127.0.0.2): some
 * never send a byte, some send their headers a byte a second, some their bodies; on its HTTPS listener, some stall in
 * the TLS handshake (a ClientHello a byte a second, or a whole one and then nothing). The agent still answers its
 * server's calls and runs a scenario, cuts the stuck connections, and by default listens only on the address that
 * reaches its server. Each wait is a generous bound, not a speed goal.
 */
class AgentSlowClientsIT {
    private static final String TOKEN = "agent-slow-token";
    private static final String NOWHERE = "http://127.0.0.1:9"; // nothing listens on the discard port
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int SILENT = 200;
    private static final int SLOW_HEADERS = 150;
    private static final int SLOW_BODIES = 150;
    /** The agent's own requests, started and never finished: headers a byte a second, bodies likewise. */
    private static final String SLOW_HEADERS_START = "POST /v1/scenarios HTTP/1.1\r\nHo";

    @TempDir
    Path workDir;
    private final List<AgentProcess> agents = new ArrayList<>();
    private final List<SlowConnections> slow = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (SlowConnections connections : slow) {
            connections.close();
        }
        for (AgentProcess agent : agents) {
            agent.close();
        }
    }

    @Test
    void listensOnlyOnTheAddressThatReachesItsServerByDefault() throws Exception {
        int port = TestPorts.free();
        AgentProcess agent = startAgent("default-listen", port, ":" + port);

        assertThat(agent.log()).contains("listening at http://127.0.0.1:" + port);
        assertThat(agent.signedCall("GET", "/v1/status", null).statusCode()).isEqualTo(200);
        List<InetAddress> others = otherLocalAddresses();
        assertThat(others).as("this host needs an address besides 127.0.0.1 to check").isNotEmpty();
        for (InetAddress other : others) {
            assertThatThrownBy(() -> new Socket(other, port).close()).as("connect to " + other + ":" + port)
                    .isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void fiveHundredSlowConnectionsFromOneClientLeaveTheServersCallsAnsweredAndAScenarioRuns() throws Exception {
        AgentProcess sut = startAgent("slow-sut", TestPorts.free(), null);
        AgentProcess peer = startAgent("slow-peer", TestPorts.free(), null);
        SlowConnections slow = connections(sut);
        List<Socket> silent = slow.open(SILENT, "", false);
        List<Socket> slowHeaders = slow.open(SLOW_HEADERS, SLOW_HEADERS_START, true);
        List<Socket> slowBodies = new ArrayList<>(slow.open(SLOW_BODIES / 2, slowBodyStart(sut.name()), true));
        slowBodies.addAll(slow.open(SLOW_BODIES / 2, slowBodyStart(null), true));
        answeredAndCut(slow, sut, peer, "spool-slow-sut", Map.of("connections that never sent a byte", silent,
                "headers still arriving", slowHeaders, "bodies still arriving (cut or answered)", slowBodies));
    }

    @Test
    void fiveHundredStalledTlsHandshakesLeaveTheServersCallsAnsweredAndAScenarioRuns() throws Exception {
        AgentProcess sut = startAgent("tls-sut", TestPorts.free(), null, true);
        AgentProcess peer = startAgent("tls-peer", TestPorts.free(), null, true);
        assertThat(sut.url().getScheme()).isEqualTo("https");
        SlowConnections slow = connections(sut);
        byte[] hello = SlowConnections.tlsClientHello();
        List<Socket> silent = slow.open(SILENT, new byte[0], null);
        // the record header at once, then the hello a byte a second: it never completes while the test runs
        List<Socket> slowHellos = slow.open(SLOW_HEADERS, Arrays.copyOf(hello, 5),
                Arrays.copyOfRange(hello, 5, hello.length - 1));
        List<Socket> stuckAfterHello = slow.open(SLOW_BODIES, hello, null); // never answers the server's hello
        answeredAndCut(slow, sut, peer, "spool-tls-sut", Map.of("TLS connections that never sent a byte", silent,
                "ClientHellos still arriving", slowHellos, "handshakes the client never finished", stuckAfterHello));
    }

    /**
     * While the slow connections trickle, the SUT answers its server and runs a scenario; then the agent has cut
     * every one of them, and lives.
     */
    private void answeredAndCut(SlowConnections slow, AgentProcess sut, AgentProcess peer, String spool,
                                Map<String, List<Socket>> stuck) throws Exception {
        Thread trickler = slow.trickleEverySecond();
        try {
            answersTheServerAndRunsAScenario(sut, peer, spool);
            for (Map.Entry<String, List<Socket>> kind : stuck.entrySet()) {
                assertThat(SlowConnections.awaitClosedByPeer(kind.getValue(), Duration.ofMinutes(1)))
                        .as(kind.getKey() + ", cut by the agent").isEqualTo(kind.getValue().size());
            }
            assertThat(sut.isAlive()).isTrue();
        } finally {
            trickler.interrupt();
        }
    }

    /** Status calls across the first seconds, while every slow connection is still open; then a whole scenario. */
    private void answersTheServerAndRunsAScenario(AgentProcess sut, AgentProcess peer, String spool)
            throws Exception {
        for (int i = 0; i < 3; i++) {
            assertAnsweredWithinTenSeconds(sut);
            Thread.sleep(1000);
        }
        int port = TestPorts.free();
        assertThat(peer.signedCall("POST", "/v1/iperf3-server", "{\"port\": " + port
                + ", \"timeoutSeconds\": 30}").statusCode()).isEqualTo(200);
        HttpResponse<String> started = sut.signedCall("POST", "/v1/scenarios", scenario(port));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
        assertThat(JSON.readTree(AgentProcess.awaitSpooled(workDir.resolve(spool))).get("succeeded")
                .booleanValue()).isTrue();
        assertAnsweredWithinTenSeconds(sut);
    }

    private SlowConnections connections(AgentProcess agent) {
        SlowConnections connections = new SlowConnections(agent.url().getPort());
        slow.add(connections);
        return connections;
    }

    private AgentProcess startAgent(String name, int port, String listen) throws IOException {
        // Plain HTTP where the slow requests are HTTP bytes: the limits under test are then the HTTP listener's.
        return startAgent(name, port, listen, false);
    }

    private AgentProcess startAgent(String name, int port, String listen, boolean tls) throws IOException {
        List<String> options = new ArrayList<>(List.of("--server", NOWHERE, "--token", TOKEN, "--name", name,
                "--listen", Objects.requireNonNullElse(listen, "127.0.0.1:" + port),
                "--spool", workDir.resolve("spool-" + name).toString()));
        if (!tls) {
            options.addAll(List.of("--tls", "off"));
        }
        AgentProcess.enrolled(workDir.resolve("spool-" + name), name);
        AgentProcess agent = AgentProcess.startWith(List.of(), "127.0.0.1", port, workDir.resolve(name + ".log"),
                options);
        agents.add(agent);
        return agent;
    }

    /** For {@code agent}, headers signed as the server signs (fresh, so the agent goes on to read the body). */
    private static String slowBodyStart(String agent) {
        StringBuilder headers = new StringBuilder();
        if (agent != null) {
            AgentProcess.signature(agent, "POST", "/v1/scenarios", "{", Instant.now())
                    .forEach((name, value) -> headers.append(name).append(": ").append(value).append("\r\n"));
        }
        return "POST /v1/scenarios HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + headers + "Content-Length: 60000\r\n\r\n{";
    }

    private static void assertAnsweredWithinTenSeconds(AgentProcess agent) {
        Instant before = Instant.now();
        HttpResponse<String> status = agent.signedCall("GET", "/v1/status", null);
        assertThat(status.statusCode()).isEqualTo(200);
        assertThat(Duration.between(before, Instant.now())).as("status answered").isLessThan(Duration.ofSeconds(10));
    }

    private static List<InetAddress> otherLocalAddresses() throws IOException {
        List<InetAddress> others = new ArrayList<>(List.of(InetAddress.getByName("127.0.0.2")));
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            nic.inetAddresses().filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress()).forEach(others::add);
        }
        return others;
    }

    private static String scenario(int port) {
        return "{\"jobId\": 1, \"scenarioId\": 2, \"attempt\": 1, \"peerHost\": \"127.0.0.1\", \"port\": " + port
                + ", \"protocol\": \"TCP\", \"direction\": \"upload\", \"streams\": 1, \"durationSeconds\": 2,"
                + " \"intervalSeconds\": 1, \"nonce\": \"" + com.burstline.contract.DispatchNonce.generate() + "\"}";
    }
}
