package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.server.analysis.LabNetwork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failed scenarios keep what they measured, across a real network: real agents in two network namespaces
 * (scripts/lab-network.sh as {@code blpt}, 10.79.0.0/24), real iperf3 3.12 at both ends. Killing the peer's iperf3
 * server (SIGKILL) mid-scenario fails the scenario in iperf3's words and keeps the intervals the SUT's iperf3 measured
 * until then as a partial run; killing the SUT agent (SIGKILL, with its iperf3) keeps the live samples the server
 * received as one. Needs root, as CI is; the test builds and removes its own lab.
 */
class PartialRunLabIT {
    private static final String LAB = "blpt";
    private static final String NET = "10.79";
    private static final int DURATION_SECONDS = 12;
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static int serverPort;
    private final List<AgentProcess> agents = new ArrayList<>();

    @BeforeAll
    static void startLab() {
        LabNetwork.up(LAB);
        server = JobApiClient.startServer(0, workDir.resolve("data"));
        serverPort = ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient("http://127.0.0.1:" + serverPort);
    }

    @AfterEach
    void stopAgents() throws InterruptedException {
        for (AgentProcess agent : agents) {
            agent.close();
        }
    }

    @AfterAll
    static void stopLab() {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            LabNetwork.down(LAB);
        }
    }

    @Test
    void killingThePeersIperf3MidScenarioFailsItInWordsAndKeepsTheIntervalsMeasuredUntilThen() throws Exception {
        startAgents("peer-kill");
        long jobId = startJob("peer-kill");
        // the SUT's client, not the peer's server: the server starts before the loaded-latency probe's idle window
        awaitMeasuring(LAB + "-a");
        long peerIperf3 = iperf3In(LAB + "-b");

        kill(peerIperf3);

        JsonNode scenario = awaitEnd(jobId);
        assertThat(scenario.get("status").stringValue()).isEqualTo("FAILED");
        String error = scenario.get("error").stringValue();
        System.out.println("peer's iperf3 killed: the scenario failed with \"" + error + "\"");
        assertThat(error).isNotBlank().doesNotContain("without a reason");
        JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
        assertThat(run.get("status").stringValue()).isEqualTo("partial");
        assertThat(run.get("error").stringValue()).isEqualTo(error);
        assertThat(run.get("outputFormat").stringValue()).isEqualTo("json");
        List<JsonNode> sums = sums(run);
        System.out.printf("partial run #%d: %d intervals, %.3f Gbit/s%n", run.get("id").longValue(), sums.size(),
                run.get("receivedBitsPerSecond").doubleValue() / 1e9);
        assertThat(sums).as("intervals measured before the kill, and not the whole planned test").isNotEmpty()
                .hasSizeLessThan(DURATION_SECONDS);
        assertThat(sums).allMatch(sum -> sum.get("bitsPerSecond").doubleValue() > 0);
        assertThat(run.get("intervalCount").intValue()).isEqualTo(sums.size() * 2); // one stream row and the sum
        assertThat(api.get("/api/v1/runs/" + run.get("id").longValue() + "/raw").body())
                .contains("\"error\":", "\"intervals\":");
    }

    @Test
    void killingTheSutAgentMidScenarioKeepsTheLiveSamplesTheServerReceived() throws Exception {
        AgentProcess sut = startAgents("sut-kill");
        long jobId = startJob("sut-kill");
        awaitMeasuring(LAB + "-a");
        Thread.sleep(4000); // let a few 1 s samples of the interface counters reach the server

        sut.kill();

        JsonNode scenario = awaitEnd(jobId);
        assertThat(scenario.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(scenario.get("error").stringValue())
                .isEqualTo("agent sut-kill-sut stopped sending heartbeats during the scenario");
        JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
        assertThat(run.get("status").stringValue()).isEqualTo("partial");
        assertThat(run.get("outputFormat").stringValue()).isEqualTo("live-samples");
        assertThat(run.get("error").stringValue()).contains("stopped sending heartbeats", "live samples");
        List<JsonNode> sums = sums(run);
        System.out.printf("SUT agent killed: partial run #%d from %d live samples, %.3f Gbit/s%n",
                run.get("id").longValue(), sums.size(), run.get("receivedBitsPerSecond").doubleValue() / 1e9);
        assertThat(sums).isNotEmpty().hasSizeLessThan(DURATION_SECONDS);
        assertThat(sums).anyMatch(sum -> sum.get("bitsPerSecond").doubleValue() > 0);
        JsonNode raw = json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/raw"));
        assertThat(raw.get("kind").stringValue()).isEqualTo("burstline-live-samples");
        assertThat(raw.get("description").stringValue()).startsWith("Not iperf3 output.");
        assertThat(raw.get("batches").get(0).get("source").stringValue()).isEqualTo("interface-counters");
    }

    private AgentProcess startAgents(String prefix) throws IOException {
        AgentProcess sut = startAgent(prefix + "-sut", 1);
        agents.add(sut);
        agents.add(startAgent(prefix + "-peer", 2));
        for (String name : List.of(prefix + "-sut", prefix + "-peer")) {
            Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
        }
        return sut;
    }

    private static long startJob(String prefix) {
        var created = api.createJob("{\"sut\": \"" + prefix + "-sut\", \"peer\": \"" + prefix + "-peer\", "
                + "\"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": " + DURATION_SECONDS
                + ", \"intervalSeconds\": 1}]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created).get("id").longValue();
    }

    private static JsonNode awaitEnd(long jobId) {
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                job -> !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()))
                .get("scenarios").get(0);
    }

    /** Waits until iperf3 runs in the namespace and a few intervals have passed; answers its pid. */
    private static long awaitMeasuring(String namespace) throws InterruptedException {
        long pid = Eventually.await("iperf3 to run in " + namespace, PATIENCE, () -> iperf3In(namespace),
                found -> found > 0);
        Thread.sleep(3500);
        return pid;
    }

    private static long iperf3In(String namespace) {
        try {
            Process pids = new ProcessBuilder("ip", "netns", "pids", namespace).start();
            for (String line : new String(pids.getInputStream().readAllBytes()).strip().split("\n")) {
                Path comm = Path.of("/proc", line.strip(), "comm");
                if (!line.isBlank() && Files.exists(comm) && Files.readString(comm).strip().equals("iperf3")) {
                    return Long.parseLong(line.strip());
                }
            }
            pids.waitFor();
            return -1;
        } catch (IOException e) {
            throw new IllegalStateException("ip netns pids failed (it needs root and iproute2)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void kill(long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-9", Long.toString(pid)).start();
        assertThat(kill.waitFor()).as("kill -9 " + pid).isZero();
    }

    private static List<JsonNode> sums(JsonNode run) {
        List<JsonNode> sums = new ArrayList<>();
        json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals")).forEach(row -> {
            if ("sum".equals(row.get("stream").stringValue())) {
                sums.add(row);
            }
        });
        return sums;
    }

    /** SUT in {@code blpt-a} (control n=1), peer in {@code blpt-b} (n=2); test traffic on 10.79.0.0/24. */
    private AgentProcess startAgent(String name, int n) throws IOException {
        String controlAddress = NET + "." + n + ".2";
        return AgentProcess.startWith(List.of("ip", "netns", "exec", LAB + (n == 1 ? "-a" : "-b")), controlAddress,
                7711, workDir.resolve(name + ".log"), List.of(
                        "--server", "http://" + NET + "." + n + ".1:" + serverPort, "--token", AGENT_TOKEN,
                        "--name", name, "--listen", controlAddress + ":" + 7711,
                        "--test-address", NET + ".0." + n, "--instance-type", "t4g.large",
                        "--spool", workDir.resolve("spool-" + name).toString()));
    }
}
