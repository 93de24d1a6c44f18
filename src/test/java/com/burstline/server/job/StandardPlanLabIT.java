package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The standard plan across a real network: two agent processes in two network namespaces joined by a veth pair
 * shaped to 5 Gbit/s (scripts/lab-network.sh, a stand-in for two t4g.large), the server here in the host namespace
 * reaching them over control links. Needs root, as CI is; the test builds and removes its own lab.
 */
class StandardPlanLabIT {
    private static final String LAB = "blj";
    private static final String NET = "10.80";
    private static final double SHAPED_BITS_PER_SECOND = 5e9;
    private static final int DURATION_SECONDS = 4;
    private static final Duration PATIENCE = Duration.ofMinutes(4);

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static final List<AgentProcess> AGENTS = new ArrayList<>();

    @BeforeAll
    static void startLab() throws Exception {
        labNetwork("up");
        server = JobApiClient.startServer(0, workDir.resolve("data"));
        int port = ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient("http://127.0.0.1:" + port);
        AGENTS.add(startAgent("lab-a", 1, port));
        AGENTS.add(startAgent("lab-b", 2, port));
        for (String name : List.of("lab-a", "lab-b")) {
            Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
        }
    }

    @AfterAll
    static void stopLab() throws Exception {
        try {
            for (AgentProcess agent : AGENTS) {
                agent.close();
            }
            if (server != null) {
                server.close();
            }
        } finally {
            labNetwork("down");
        }
    }

    @Test
    void standardPlanRunsAcrossTheShapedLinkAndEveryScenarioIsStoredWithItsIntervals() {
        var created = api.createJob("{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"plan\": \"standard\", "
                + "\"durationSeconds\": " + DURATION_SECONDS + ", \"tags\": [\"lab\"]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();

        JsonNode job = Eventually.await("the standard plan to end", PATIENCE, () -> api.job(jobId),
                current -> !List.of("QUEUED", "RUNNING").contains(current.get("status").stringValue()));

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(job.get("scenarios").size()).isEqualTo(6);
        double bestTcpUpload = 0;
        for (JsonNode scenario : job.get("scenarios")) {
            JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
            assertThat(run.get("jobId").longValue()).isEqualTo(jobId);
            assertThat(run.get("instanceType").stringValue()).isEqualTo("t4g.large");
            assertThat(run.get("driver").stringValue()).startsWith("veth");
            assertThat(json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals")).size())
                    .isGreaterThanOrEqualTo(DURATION_SECONDS * 2); // at least one stream row and one sum per second
            JsonNode environment = json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/environment"));
            assertThat(environment.get("hostFacts").get("routeInterface").stringValue()).isEqualTo(LAB + "-ta");
            double received = run.get("receivedBitsPerSecond").doubleValue();
            System.out.printf("lab: %s %d %s %.3f Gbit/s%n", run.get("protocol").stringValue(),
                    run.get("streams").intValue(), run.get("direction").stringValue(), received / 1e9);
            assertThat(received).isLessThanOrEqualTo(1.02 * SHAPED_BITS_PER_SECOND);
            if (isTcpUpload(run)) {
                bestTcpUpload = Math.max(bestTcpUpload, received);
            }
        }
        // Near the shaped rate: the brief measured 4.72 (1 stream) and 4.79 Gbit/s (4 streams) this way. The bound
        // is loose because iperf3, both agents and the server share two cores here.
        assertThat(bestTcpUpload).isGreaterThan(0.6 * SHAPED_BITS_PER_SECOND);
    }

    private static boolean isTcpUpload(JsonNode run) {
        return "TCP".equals(run.get("protocol").stringValue()) && "upload".equals(run.get("direction").stringValue());
    }

    /** Agent a lives in {@code blj-a} (control n=1), b in {@code blj-b} (n=2); test traffic uses 10.80.0.0/24. */
    private static AgentProcess startAgent(String name, int n, int serverPort) throws IOException {
        String controlAddress = NET + "." + n + ".2";
        int agentPort = 7701;
        return AgentProcess.startWith(List.of("ip", "netns", "exec", LAB + (n == 1 ? "-a" : "-b")), controlAddress,
                agentPort, workDir.resolve(name + ".log"), List.of(
                        "--server", "http://" + NET + "." + n + ".1:" + serverPort, "--token", AGENT_TOKEN,
                        "--name", name, "--listen", controlAddress + ":" + agentPort,
                        "--test-address", NET + ".0." + n, "--instance-type", "t4g.large",
                        "--spool", workDir.resolve("spool-" + name).toString()));
    }

    /** The script's output is kept and shown only on failure: a forked test JVM's stdout is Surefire's channel. */
    private static void labNetwork(String action) throws IOException, InterruptedException {
        ProcessBuilder script = new ProcessBuilder("scripts/lab-network.sh", action).redirectErrorStream(true);
        script.environment().putAll(Map.of("BURSTLINE_LAB", LAB, "BURSTLINE_LAB_NET", NET));
        Process process = script.start();
        String output = new String(process.getInputStream().readAllBytes());
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException("scripts/lab-network.sh " + action + " failed with exit code " + exit
                    + " (it needs root and iproute2; scripts/test.sh installs iproute2): " + output);
        }
    }
}
