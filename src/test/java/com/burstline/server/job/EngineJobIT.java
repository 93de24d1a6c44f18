package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.server.BurstlineApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job with {@code tool: java} between two real agent processes on loopback: the SUT's client and the peer's server
 * are both the agents' own engine, in process, and the runs they store are real measurements tagged
 * {@code burstline-java}, with the engine's own command line.
 */
class EngineJobIT {
    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static String serverUrl;
    private final List<AgentProcess> agents = new ArrayList<>();

    @BeforeAll
    static void startServer() throws IOException {
        server = new SpringApplicationBuilder(BurstlineApplication.class).run("--server.port=0",
                "--burstline.data-dir=" + workDir.resolve("data"), "--burstline.api-token=" + API_TOKEN,
                "--burstline.agent-token=" + AGENT_TOKEN, "--burstline.agents.heartbeat-seconds=1",
                "--burstline.jobs.iperf3-port=" + freePort());
        serverUrl = "http://127.0.0.1:" + ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient(serverUrl);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @AfterEach
    void stopAgents() throws InterruptedException {
        for (AgentProcess agent : agents) {
            agent.close();
        }
    }

    @Test
    void aJavaJobRunsTheEngineOnBothAgentsAndStoresRealRuns() throws Exception {
        for (String name : List.of("java-sut", "java-peer")) {
            agents.add(AgentProcess.start(serverUrl, AGENT_TOKEN, name, workDir));
        }
        for (String name : List.of("java-sut", "java-peer")) {
            Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200
                            && JobApiClient.json(response).get("online").booleanValue());
        }
        JsonNode facts = JobApiClient.json(api.get("/api/v1/agents/java-sut"));
        assertThat(facts.toString()).contains("\"tools\":[\"iperf3\",\"java\"]");

        var created = api.createJob("""
                {"sut": "java-sut", "peer": "java-peer", "scenarios": [
                  {"protocol": "TCP", "direction": "upload", "durationSeconds": 2, "tool": "java"},
                  {"protocol": "UDP", "direction": "download", "durationSeconds": 2, "tool": "java",
                   "targetBitsPerSecond": 50000000}]}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = JobApiClient.json(created).get("id").longValue();
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        JsonNode tcp = run(job, 0);
        JsonNode udp = run(job, 1);
        assertThat(job.get("scenarios").get(0).get("tool").stringValue()).isEqualTo("java");
        for (JsonNode run : List.of(tcp, udp)) {
            assertThat(run.get("tool").stringValue()).as(run.toString()).isEqualTo("burstline-java");
            assertThat(run.get("toolVersion").stringValue()).isNotBlank();
            assertThat(run.get("intervalCount").intValue()).isGreaterThanOrEqualTo(2);
            JsonNode environment = JobApiClient.json(api.get("/api/v1/runs/" + run.get("id").longValue()
                    + "/environment"));
            assertThat(environment.get("command").toString()).startsWith(
                    "[\"java\",\"-jar\",\"burstline-agent.jar\",\"iperf3\",\"-c\",\"127.0.0.1\"");
        }
        // Loopback carries far more than 100 Mbit/s of TCP; the UDP download arrives at its 50 Mbit/s target.
        assertThat(tcp.get("receivedBitsPerSecond").doubleValue()).isGreaterThan(100e6);
        assertThat(udp.get("receivedBitsPerSecond").doubleValue()).isBetween(45e6, 55e6);
        assertThat(udp.get("lostPercent").doubleValue()).isLessThan(1.0);
    }

    private static JsonNode run(JsonNode job, int scenario) {
        long runId = job.get("scenarios").get(scenario).get("runId").longValue();
        return JobApiClient.json(api.get("/api/v1/runs/" + runId));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
