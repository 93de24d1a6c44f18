package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end: the server in-process and two real agent processes (target/burstline-agent.jar) on loopback, measuring
 * with real iperf3. The server dispatches, the agents measure and report, and the results become runs.
 */
class JobDispatchIT {
    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static String serverUrl;
    private static int iperf3Port;
    private final List<AgentProcess> agents = new ArrayList<>();

    @BeforeAll
    static void startServer() throws IOException {
        iperf3Port = TestPorts.iperf3Pool();
        server = JobApiClient.startServer(0, workDir.resolve("data"), "--burstline.jobs.iperf3-port=" + iperf3Port);
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
    void aJobOfTwoScenariosRunsOnRealAgentsAndStoresTwoRuns() throws Exception {
        startAgents("e2e-sut", "e2e-peer");

        long jobId = createJob("""
                {"sut": "e2e-sut", "peer": "e2e-peer", "tags": ["loopback"], "scenarios": [
                  {"protocol": "TCP", "direction": "upload", "durationSeconds": 2, "intervalSeconds": 1},
                  {"protocol": "UDP", "direction": "upload", "durationSeconds": 2, "intervalSeconds": 1,
                   "targetBitsPerSecond": 100000000}]}""");
        JsonNode job = awaitEnd(jobId);

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        List<String> protocols = new ArrayList<>();
        for (JsonNode scenario : job.get("scenarios")) {
            assertThat(scenario.get("status").stringValue()).isEqualTo("SUCCEEDED");
            JsonNode run = JobApiClient.json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
            protocols.add(run.get("protocol").stringValue());
            assertThat(run.get("jobId").longValue()).isEqualTo(jobId);
            assertThat(run.get("sut").stringValue()).isEqualTo("e2e-sut");
            assertThat(run.get("peer").stringValue()).isEqualTo("e2e-peer");
            assertThat(run.get("tags").toString()).isEqualTo("[\"loopback\"]");
            assertThat(run.get("intervalCount").intValue()).isPositive();
            assertThat(JobApiClient.json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals"))
                    .size()).isPositive();
            JsonNode environment = JobApiClient.json(api.get("/api/v1/runs/" + run.get("id").longValue()
                    + "/environment"));
            assertThat(environment.get("hostFacts").get("iperf3Version").stringValue()).isNotBlank();
            assertThat(environment.get("command").get(0).stringValue()).contains("iperf3");
        }
        assertThat(protocols).containsExactly("TCP", "UDP");
        JsonNode udp = JobApiClient.json(api.get("/api/v1/runs/" + job.get("scenarios").get(1).get("runId")));
        assertThat(udp.get("targetBitsPerSecond").longValue()).isEqualTo(100_000_000L);
    }

    @Test
    void aSutAgentDyingMidScenarioFailsTheScenarioInWordsAndTheServerStaysHealthy() throws Exception {
        List<AgentProcess> started = startAgents("dying-sut", "dying-peer");

        long jobId = createJob("""
                {"sut": "dying-sut", "peer": "dying-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 120, "intervalSeconds": 1}]}""");
        Eventually.await("the SUT to be measuring", PATIENCE, () -> api.get("/api/v1/agents/dying-sut"),
                response -> JobApiClient.json(response).get("busy").booleanValue());
        started.get(0).kill();
        JsonNode job = awaitEnd(jobId);

        assertThat(job.get("status").stringValue()).isEqualTo("FAILED");
        // Usually the SUT dies while measuring; if the kill lands while it is still answering the dispatch call,
        // the server reports that instead. Either way the reason names the agent, in words.
        assertThat(job.get("scenarios").get(0).get("error").stringValue()).matches(
                "agent dying-sut (stopped sending heartbeats during the scenario|at \\S+ could not be reached: .+)");
        assertThat(api.get("/actuator/health").statusCode()).isEqualTo(200);
        Eventually.await("the dead SUT to show offline", PATIENCE, () -> api.get("/api/v1/agents/dying-sut"),
                response -> !JobApiClient.json(response).get("online").booleanValue());
        long next = createJob("{\"sut\": \"dying-sut\", \"peer\": \"dying-peer\", \"scenarios\": ["
                + "{\"protocol\": \"TCP\", \"durationSeconds\": 2}]}");
        assertThat(awaitEnd(next).get("scenarios").get(0).get("error").stringValue())
                .startsWith("agent dying-sut is offline");
    }

    @Test
    void portsAnotherProgramHoldsOnThePeerArePassedOverAndWhenAllAreTheScenarioSaysSo() throws Exception {
        startAgents("ports-sut", "ports-peer");
        int last = iperf3Port + 9; // the pool's default 10 ports
        List<AutoCloseable> held = new ArrayList<>();
        try {
            held.add(iperf3Daemon(iperf3Port));
            for (int port = iperf3Port + 1; port < last; port++) {
                held.add(new ServerSocket(port, 1, InetAddress.getLoopbackAddress()));
            }

            JsonNode job = awaitEnd(createJob("""
                    {"sut": "ports-sut", "peer": "ports-peer", "scenarios": [
                      {"protocol": "TCP", "durationSeconds": 1, "intervalSeconds": 1},
                      {"protocol": "UDP", "durationSeconds": 1, "intervalSeconds": 1,
                       "targetBitsPerSecond": 10000000}]}"""));

            assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
            for (JsonNode scenario : job.get("scenarios")) {
                List<String> command = new ArrayList<>();
                JobApiClient.json(api.get("/api/v1/runs/" + scenario.get("runId").longValue() + "/environment"))
                        .get("command").forEach(word -> command.add(word.stringValue()));
                assertThat(command.get(command.indexOf("-p") + 1)).as(command.toString())
                        .isEqualTo(String.valueOf(last));
            }

            held.add(new ServerSocket(last, 1, InetAddress.getLoopbackAddress()));
            JsonNode refused = awaitEnd(createJob("""
                    {"sut": "ports-sut", "peer": "ports-peer", "scenarios": [
                      {"protocol": "TCP", "durationSeconds": 1, "intervalSeconds": 1}]}"""));
            assertThat(refused.get("scenarios").get(0).get("error").stringValue()).startsWith(
                    "every port this server measures on (" + iperf3Port + "–" + last + ", and the latency probe's "
                            + "beside them) is in use on agent ports-peer by another program");
        } finally {
            for (AutoCloseable socket : held) {
                socket.close();
            }
        }
    }

    /** Someone's own {@code iperf3 -s}, left running on every address of the peer's host. */
    private static AutoCloseable iperf3Daemon(int port) throws IOException {
        Process daemon = new ProcessBuilder("iperf3", "-s", "-p", String.valueOf(port))
                .redirectErrorStream(true).redirectOutput(workDir.resolve("daemon.log").toFile()).start();
        Eventually.await("iperf3 -s to listen on " + port, PATIENCE, () -> {
            try (ServerSocket probe = new ServerSocket(port)) {
                return false;
            } catch (IOException taken) {
                return daemon.isAlive();
            }
        }, listening -> listening);
        return daemon::destroyForcibly;
    }

    private List<AgentProcess> startAgents(String sut, String peer) throws IOException {
        for (String name : List.of(sut, peer)) {
            agents.add(AgentProcess.start(serverUrl, AGENT_TOKEN, name, workDir));
        }
        for (String name : List.of(sut, peer)) {
            Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200
                            && JobApiClient.json(response).get("online").booleanValue());
        }
        return agents;
    }

    private static long createJob(String json) {
        var created = api.createJob(json);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JobApiClient.json(created).get("id").longValue();
    }

    private static JsonNode awaitEnd(long jobId) {
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                job -> !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()));
    }

}
