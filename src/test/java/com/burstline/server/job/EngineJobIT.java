package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.server.analysis.LabNetwork;
import org.junit.jupiter.api.AfterAll;
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
import java.util.stream.Stream;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jobs measured by the agents' own engine across a real link: two agent processes in two network namespaces (bltool-a,
 * bltool-b) joined by a veth shaped to 1 Gbit/s each way (scripts/lab-network.sh, 10.82.0.0/24), the server here
 * reaching them over control links. The SUT's agent has no iperf3 at all, so {@code auto} means the engine there,
 * while the peer answers {@code auto} with its stock iperf3 server: the engine against iperf3 inside one job. The runs
 * stored are the link's figures, tagged {@code burstline-java}, and the job's live samples came from the engine.
 * tool-a has no ethtool either, so its runs' driver comes from sysfs and the link's kind.
 */
class EngineJobIT {
    private static final String LAB = "bltool";
    private static final String NET = "10.82";
    private static final Duration PATIENCE = Duration.ofMinutes(3);

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static String serverUrl;
    private static final List<AgentProcess> AGENTS = new ArrayList<>();

    @BeforeAll
    static void startLab() throws Exception {
        LabNetwork.up(LAB, NET, "1gbit");
        server = JobApiClient.startServer(0, workDir.resolve("data"));
        int port = ((WebServerApplicationContext) server).getWebServer().getPort();
        serverUrl = "http://127.0.0.1:" + port;
        api = new JobApiClient(serverUrl);
        AGENTS.add(startAgent("tool-a", withoutEthtool(), 1, port, "--iperf3", "/nonexistent/iperf3"));
        AGENTS.add(startAgent("tool-b", List.of(), 2, port));
        for (String name : List.of("tool-a", "tool-b")) {
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
            LabNetwork.down(LAB, NET);
        }
    }

    @Test
    void javaJobsAcrossTheShapedLinkStoreTheLinksFigures() {
        assertThat(json(api.get("/api/v1/agents/tool-a")).toString()).contains("\"tools\":[\"burstline-java\"]");
        assertThat(json(api.get("/api/v1/agents/tool-b")).toString())
                .contains("\"tools\":[\"iperf3\",\"burstline-java\"]");

        // the engine's own figures: the loaded-latency probe, with a lab of its own, would share these two cores
        var created = api.createJob("""
                {"sut": "tool-a", "peer": "tool-b", "latencyProbe": false, "scenarios": [
                  {"protocol": "TCP", "direction": "upload", "durationSeconds": 4, "omitSeconds": 1, "tool": "burstline-java"},
                  {"protocol": "TCP", "direction": "download", "durationSeconds": 4, "omitSeconds": 1,
                   "tool": "auto"},
                  {"protocol": "UDP", "direction": "upload", "durationSeconds": 4, "omitSeconds": 1, "tool": "burstline-java",
                   "targetBitsPerSecond": 200000000},
                  {"protocol": "TCP", "direction": "bidir", "durationSeconds": 3, "tool": "burstline-java"}]}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        List<String> events = api.liveSamples(jobId);
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        List<JsonNode> runs = new ArrayList<>();
        for (JsonNode scenario : job.get("scenarios")) {
            JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
            assertThat(run.get("tool").stringValue()).as(run.toString()).isEqualTo("burstline-java");
            assertThat(run.get("toolVersion").stringValue()).isNotBlank();
            JsonNode environment = json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/environment"));
            assertThat(environment.get("command").toString()).startsWith(
                    "[\"java\",\"-jar\",\"burstline-agent.jar\",\"iperf3\",\"-c\",\"" + NET + ".0.2\"");
            System.out.printf("engine job: %s %s %.3f Gbit/s received%n", run.get("protocol").stringValue(),
                    run.get("direction").stringValue(), run.get("receivedBitsPerSecond").doubleValue() / 1e9);
            runs.add(run);
        }
        // TCP both ways fills the 1 Gbit/s link (the omitted second leaves the JVM's warm-up out); UDP arrives whole.
        for (JsonNode tcp : List.of(runs.get(0), runs.get(1))) {
            assertThat(tcp.get("receivedBitsPerSecond").doubleValue()).isBetween(0.9e9, 1.0e9);
        }
        JsonNode udp = runs.get(2);
        assertThat(udp.get("receivedBitsPerSecond").doubleValue()).isBetween(0.98 * 200e6, 1.02 * 200e6);
        assertThat(udp.get("lostPercent").doubleValue()).isLessThan(1.0);
        // an upload's only report of what arrived is the receiving engine's own, carried by --get-server-output
        List<JsonNode> arrived = new ArrayList<>();
        json(api.get("/api/v1/runs/" + udp.get("id").longValue() + "/intervals?side=receiver")).forEach(row -> {
            if ("sum".equals(row.get("stream").stringValue()) && !row.get("omitted").booleanValue()) {
                arrived.add(row);
            }
        });
        assertThat(arrived).as("the receiver's intervals of the UDP upload").hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(row -> assertThat(row.get("jitterMs").isNull()).isFalse());
        assertThat(events).anySatisfy(event -> assertThat(event).contains("\"source\":\"burstline-java\"")
                .contains("\"direction\":\"download\""));
        assertThat(events).noneSatisfy(event -> assertThat(event).contains("interface-counters"));
        // each agent resolves auto for itself: the download's engine client met tool-b's stock iperf3 server
        assertThat(runs.get(0).get("peerTool").stringValue()).isEqualTo("burstline-java");
        assertThat(runs.get(1).get("peerTool").stringValue()).isEqualTo("iperf3");
        String report = api.get("/api/v1/reports?job=" + jobId).body();
        assertThat(report).contains("| Tool version | burstline-java ", "java -jar burstline-agent.jar iperf3 -s -p ",
                "java -jar burstline-agent.jar iperf3 -c " + NET + ".0.2 -p ")
                .containsPattern("(?m)^iperf3 -s -p \\d+ -1 +# on tool-b$")
                .doesNotContain("was not recorded")
                .doesNotContainPattern("(?m)^\\S*iperf3 -c ");
    }

    /**
     * Each run is labelled with its SUT's driver: tool-b reads it with ethtool ({@code veth 1.0}); tool-a, without
     * ethtool and with no device in its namespace's sysfs, from the link's kind.
     */
    @Test
    void runsCarryTheDriverOfTheNicThatRoutesToThePeer() {
        assertThat(driverOfAJob("tool-a", "tool-b")).isEqualTo("veth");
        assertThat(driverOfAJob("tool-b", "tool-a")).isEqualTo("veth 1.0");
        assertThat(json(api.get("/api/v1/agents/tool-a")).toString()).contains("\"name\":\"" + LAB + "-ta\","
                + "\"driver\":\"veth\"");
    }

    private static String driverOfAJob(String sut, String peer) {
        var created = api.createJob("""
                {"sut": "%s", "peer": "%s", "scenarios": [
                  {"protocol": "TCP", "direction": "upload", "durationSeconds": 2, "tool": "burstline-java"}]}"""
                .formatted(sut, peer));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        long runId = job.get("scenarios").get(0).get("runId").longValue();
        return json(api.get("/api/v1/runs/" + runId)).get("driver").stringValue();
    }

    /** A PATH with {@code ip} alone: the agent finds no ethtool, as on a host that never installed it. */
    private static List<String> withoutEthtool() throws IOException {
        Path bin = Files.createDirectories(workDir.resolve("bin-without-ethtool"));
        Path ip = Stream.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip").map(Path::of)
                .filter(Files::isExecutable).findFirst().orElseThrow();
        Files.createSymbolicLink(bin.resolve("ip"), ip);
        return List.of("env", "PATH=" + bin);
    }

    /** Agent a lives in {@code bltool-a} (control n=1), b in {@code bltool-b} (n=2). */
    private static AgentProcess startAgent(String name, List<String> env, int n, int serverPort, String... extra)
            throws IOException {
        String controlAddress = NET + "." + n + ".2";
        int agentPort = 7701;
        List<String> options = new ArrayList<>(List.of("--server", "http://" + NET + "." + n + ".1:" + serverPort,
                "--token", AGENT_TOKEN, "--name", name, "--listen", controlAddress + ":" + agentPort,
                "--test-address", NET + ".0." + n, "--spool", workDir.resolve("spool-" + name).toString()));
        options.addAll(List.of(extra));
        List<String> prefix = new ArrayList<>(List.of("ip", "netns", "exec", LAB + (n == 1 ? "-a" : "-b")));
        prefix.addAll(env);
        return AgentProcess.startWith(prefix, controlAddress, agentPort, workDir.resolve(name + ".log"), options);
    }
}
