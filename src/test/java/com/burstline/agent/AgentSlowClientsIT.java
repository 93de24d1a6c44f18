package com.burstline.agent;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real agent processes (target/burstline-agent.jar) under 500 slow connections from one client (127.0.0.2): some
 * never send a byte, some send their headers a byte a second, some their bodies. The agent still answers its server's
 * calls and runs a scenario, cuts the stuck connections, and by default listens only on the address that reaches
 * its server. Each wait is a generous bound, not a speed goal.
 */
class AgentSlowClientsIT {
    private static final String TOKEN = "agent-slow-token";
    private static final String NOWHERE = "http://127.0.0.1:9"; // nothing listens on the discard port
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int SILENT = 200;
    private static final int SLOW_HEADERS = 150;
    private static final int SLOW_BODIES = 150;

    @TempDir
    Path workDir;
    private final List<AgentProcess> agents = new ArrayList<>();
    private final List<Socket> slow = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (Socket socket : slow) {
            socket.close();
        }
        for (AgentProcess agent : agents) {
            agent.close();
        }
    }

    @Test
    void listensOnlyOnTheAddressThatReachesItsServerByDefault() throws Exception {
        int port = AgentProcess.freePort();
        AgentProcess agent = startAgent("default-listen", port, ":" + port);

        assertThat(agent.log()).contains("listening at http://127.0.0.1:" + port);
        assertThat(agent.call("GET", "/v1/status", TOKEN, null).statusCode()).isEqualTo(200);
        List<InetAddress> others = otherLocalAddresses();
        assertThat(others).as("this host needs an address besides 127.0.0.1 to check").isNotEmpty();
        for (InetAddress other : others) {
            assertThatThrownBy(() -> new Socket(other, port).close()).as("connect to " + other + ":" + port)
                    .isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void fiveHundredSlowConnectionsFromOneClientLeaveTheServersCallsAnsweredAndAScenarioRuns() throws Exception {
        AgentProcess sut = startAgent("slow-sut", AgentProcess.freePort(), null);
        AgentProcess peer = startAgent("slow-peer", AgentProcess.freePort(), null);
        openSlowConnections(sut);
        Thread trickler = trickleEverySecond();
        try {
            for (int i = 0; i < 3; i++) { // across the first seconds, while every slow connection is still open
                assertAnsweredWithinTenSeconds(sut);
                Thread.sleep(1000);
            }
            int port = AgentProcess.freePort();
            assertThat(peer.call("POST", "/v1/iperf3-server", TOKEN, "{\"port\": " + port
                    + ", \"timeoutSeconds\": 30}").statusCode()).isEqualTo(200);
            HttpResponse<String> started = sut.call("POST", "/v1/scenarios", TOKEN, scenario(port));
            assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
            assertThat(JSON.readTree(AgentProcess.awaitSpooled(workDir.resolve("spool-slow-sut"))).get("succeeded")
                    .booleanValue()).isTrue();
            assertAnsweredWithinTenSeconds(sut);

            List<Socket> silent = slow.subList(0, SILENT);
            assertThat(awaitClosedByAgent(silent)).as("connections that never sent a byte, cut by the agent")
                    .isEqualTo(SILENT);
            assertThat(sut.isAlive()).isTrue();
        } finally {
            trickler.interrupt();
        }
    }

    private AgentProcess startAgent(String name, int port, String listen) throws IOException {
        List<String> options = List.of("--server", NOWHERE, "--token", TOKEN, "--name", name,
                "--listen", Objects.requireNonNullElse(listen, "127.0.0.1:" + port),
                "--spool", workDir.resolve("spool-" + name).toString());
        AgentProcess agent = AgentProcess.startWith(List.of(), "127.0.0.1", port, workDir.resolve(name + ".log"),
                options);
        agents.add(agent);
        return agent;
    }

    /** Silent ones first (the test reads them back by position), then slow headers, then slow bodies. */
    private void openSlowConnections(AgentProcess agent) throws IOException {
        for (int i = 0; i < SILENT + SLOW_HEADERS + SLOW_BODIES; i++) {
            Socket socket = new Socket();
            socket.bind(new InetSocketAddress("127.0.0.2", 0));
            socket.connect(new InetSocketAddress("127.0.0.1", agent.url().getPort()), 5000);
            slow.add(socket);
            String start = i < SILENT ? "" : i < SILENT + SLOW_HEADERS ? "POST /v1/scenarios HTTP/1.1\r\nHo"
                    : "POST /v1/scenarios HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + (i % 2 == 0 ? "Authorization: Bearer " + TOKEN + "\r\n" : "")
                    + "Content-Length: 60000\r\n\r\n{";
            socket.getOutputStream().write(start.getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** One byte a second on every slow connection but the silent ones, as long as the agent keeps them open. */
    private Thread trickleEverySecond() {
        Thread thread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                for (Socket socket : slow.subList(SILENT, slow.size())) {
                    try {
                        OutputStream out = socket.getOutputStream();
                        out.write(' ');
                    } catch (IOException cutByTheAgent) {
                        // the agent's timeouts closed it
                    }
                }
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "trickle");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void assertAnsweredWithinTenSeconds(AgentProcess agent) {
        Instant before = Instant.now();
        HttpResponse<String> status = agent.call("GET", "/v1/status", TOKEN, null);
        assertThat(status.statusCode()).isEqualTo(200);
        assertThat(Duration.between(before, Instant.now())).as("status answered").isLessThan(Duration.ofSeconds(10));
    }

    /** How many of these the agent closed (end of stream or reset) within a minute. */
    private static int awaitClosedByAgent(List<Socket> sockets) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        List<Socket> open = new ArrayList<>(sockets);
        while (!open.isEmpty() && Instant.now().isBefore(deadline)) {
            open.removeIf(AgentSlowClientsIT::closedByPeer);
            Thread.sleep(500);
        }
        return sockets.size() - open.size();
    }

    private static boolean closedByPeer(Socket socket) {
        try {
            socket.setSoTimeout(1);
            return socket.getInputStream().read() == -1;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
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
                + " \"intervalSeconds\": 1}";
    }
}
