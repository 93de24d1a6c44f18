package com.burstline.server.run;

import com.burstline.agent.AgentProcess;
import com.burstline.testsupport.ServerJarProcess;
import com.burstline.testsupport.SlowConnections;
import com.burstline.testsupport.TestPorts;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Slow-connection capacity for the reliability report: 500 connections from one client (127.0.0.2) that trickle a
 * byte a second, and how the server, then an agent, answer everyone else meanwhile.
 */
final class SlowClientCapacity {
    private static final int SLOW = 500;
    private static final String AGENT_TOKEN = "reliability-agent-token";

    private SlowClientCapacity() {
    }

    static void server(Path dataDir) throws Exception {
        try (ServerJarProcess server = ServerJarProcess.start(dataDir, List.of());
             SlowConnections slow = new SlowConnections(server.port())) {
            List<Socket> sockets = slow.open(SLOW, "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                    + "application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nt", true);
            Thread trickler = slow.trickleEverySecond();
            Answers others = askMeanwhile(List.of(server.uri("/actuator/health"), server.uri("/login"),
                    server.uri("/actuator/health/readiness")), null);
            trickler.interrupt();
            System.out.printf("%nslow connections, server: %d from one client (sign-in bodies at 1 byte/s); %d of "
                            + "them answered 429 at once; another client's %d requests meanwhile: answers %s, "
                            + "p50 %.0f ms, max %.0f ms%n", SLOW, SlowConnections.countAnswered(sockets, "HTTP/1.1 429"),
                    others.count(), others.statuses(), others.p50(), others.max());
        }
    }

    static void agent(Path workDir) throws Exception {
        int port = TestPorts.free();
        try (AgentProcess agent = AgentProcess.startWith(List.of(), "127.0.0.1", port, workDir.resolve("agent.log"),
                List.of("--server", "http://127.0.0.1:9", "--token", AGENT_TOKEN, "--name", "slow-agent",
                        "--listen", "127.0.0.1:" + port, "--spool", workDir.resolve("spool").toString()));
             SlowConnections slow = new SlowConnections(port)) {
            List<Socket> silent = slow.open(SLOW / 2, "", false);
            List<Socket> headers = slow.open(SLOW / 2, "POST /v1/scenarios HTTP/1.1\r\nHo", true);
            Thread trickler = slow.trickleEverySecond();
            Answers server = askMeanwhile(List.of(agent.url().resolve("/v1/status")), AGENT_TOKEN);
            int silentCut = SlowConnections.awaitClosedByPeer(silent, Duration.ofMinutes(1));
            int headersCut = SlowConnections.awaitClosedByPeer(headers, Duration.ofMinutes(1));
            trickler.interrupt();
            System.out.printf("slow connections, agent: %d from one client (%d silent, %d sending headers at "
                            + "1 byte/s); its server's %d status calls meanwhile: answers %s, p50 %.0f ms, max %.0f ms; "
                            + "cut by the agent within a minute: %d silent, %d slow headers%n", SLOW, silent.size(),
                    headers.size(), server.count(), server.statuses(), server.p50(), server.max(), silentCut,
                    headersCut);
        }
    }

    /** Answers to a request a second for 15 s, while the slow connections hold on. */
    private static Answers askMeanwhile(List<URI> targets, String token) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        Map<Integer, Integer> statuses = new TreeMap<>();
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(targets.get(i % targets.size()))
                    .timeout(Duration.ofSeconds(20));
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            long sent = System.nanoTime();
            int status;
            try {
                status = client.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (java.io.IOException timedOutOrRefused) {
                status = -1;
            }
            nanos.add(System.nanoTime() - sent);
            statuses.merge(status, 1, Integer::sum);
            Thread.sleep(1000);
        }
        return new Answers(statuses, nanos.stream().sorted().toList());
    }

    /** Status (-1: no answer) → count, and the sorted answer times. */
    private record Answers(Map<Integer, Integer> statuses, List<Long> sortedNanos) {
        int count() {
            return sortedNanos.size();
        }

        double p50() {
            return ReliabilityReport.percentile(sortedNanos, 0.5);
        }

        double max() {
            return ReliabilityReport.percentile(sortedNanos, 1.0);
        }
    }
}
