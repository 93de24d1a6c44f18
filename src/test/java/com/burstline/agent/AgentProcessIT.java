package com.burstline.agent;

import com.burstline.contract.Json;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ScenarioSpecTest;
import com.burstline.contract.ServerRoleRequest;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Result;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real agent processes from target/burstline-agent.jar with real iperf3, talked to over HTTP as the server would
 * (signed with the agent's own key). No server runs here, so results stay in the agent's spool, where the test reads
 * them.
 */
class AgentProcessIT {
    private static final String TOKEN = "agent-test-token";
    private static final String NOWHERE = "http://127.0.0.1:9"; // nothing listens on the discard port
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String NONCE = "process-it-nonce-0123456789";

    @TempDir
    Path workDir;
    private final List<AgentProcess> agents = new ArrayList<>();

    @AfterEach
    void stopAgents() throws InterruptedException {
        for (AgentProcess agent : agents) {
            agent.close();
        }
    }

    @Test
    void helpPrintsUsageAndABadArgumentExitsWithOne() throws Exception {
        Process help = new ProcessBuilder(java(), "-jar", AgentProcess.JAR.toString(), "--help").start();
        Process bad = new ProcessBuilder(java(), "-jar", AgentProcess.JAR.toString(), "--server", "nope").start();

        assertThat(help.waitFor()).isZero();
        assertThat(new String(help.getInputStream().readAllBytes())).contains("--server", "BURSTLINE_AGENT_TOKEN");
        assertThat(bad.waitFor()).isEqualTo(1);
        assertThat(new String(bad.getErrorStream().readAllBytes())).contains("--server must be an http(s) URL");
    }

    @Test
    void aTakenPortIsAStartUpFailureAndExitsWithTwo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String listen = "127.0.0.1:" + taken.getLocalPort();
            Process agent = new ProcessBuilder(java(), "-jar", AgentProcess.JAR.toString(), "--server", NOWHERE,
                    "--token", TOKEN, "--name", "taken", "--listen", listen,
                    "--spool", workDir.resolve("spool-taken").toString()).start();

            assertThat(agent.waitFor()).isEqualTo(2);
            assertThat(new String(agent.getErrorStream().readAllBytes()))
                    .contains("burstline-agent: cannot start: --listen " + listen + " cannot be used");
        }
    }

    @Test
    void aServerThatCannotBeReachedYetIsNoReasonToExit() throws Exception {
        AgentProcess agent = start("patient");

        Instant deadline = Instant.now().plusSeconds(30);
        while (!agent.log().contains("retrying") && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        assertThat(agent.log()).contains("Cannot register with " + NOWHERE + " yet");
        assertThat(agent.isAlive()).isTrue();
        assertThat(agent.signedCall("GET", "/v1/status", null).statusCode()).isEqualTo(200);
    }

    /** The server sends duration + omit + its result margin; the agent once capped that at 3600 + 600 + 300 s. */
    @Test
    void startsTheIperf3ServerForTheLongestScenarioWithAResultMarginOfFifteenMinutes() throws Exception {
        AgentProcess peer = start("long-peer");
        int port = TestPorts.free();
        Map<String, Object> longest = ScenarioSpecTest.valid();
        longest.put("port", port);
        longest.put("durationSeconds", Scenario.DURATION.maxInt());
        longest.put("omitSeconds", Scenario.OMIT.maxInt());
        ServerRoleRequest role = ServerRoleRequest.forScenario(ScenarioSpec.fromJson(longest), Duration.ofMinutes(15));

        var started = peer.signedCall("POST", "/v1/iperf3-server", Json.write(role.toJson()));

        assertThat(role.timeoutSeconds()).isEqualTo(3600 + 600 + 900);
        assertThat(started.statusCode()).as(started.body()).isEqualTo(200);
        assertThat(peer.signedCall("POST", "/v1/scenarios/cancel", Json.write(longest)).statusCode())
                .isEqualTo(204);
    }

    @Test
    void refusesUnsignedCallsAndMalformedJobs() throws IOException {
        AgentProcess agent = start("a");

        assertThat(agent.call("GET", "/v1/status", null, null).statusCode()).isEqualTo(401);
        assertThat(agent.call("GET", "/v1/status", "not-the-token", null).statusCode()).isEqualTo(401);
        assertThat(agent.call("POST", "/v1/scenarios", null, scenario("127.0.0.1", 5999)).statusCode())
                .isEqualTo(401);
        var malformed = agent.signedCall("POST", "/v1/scenarios", "{\"peerHost\": ");
        var injected = agent.signedCall("POST", "/v1/scenarios", scenario("127.0.0.1 -R; reboot", 5999));
        var lowPort = agent.signedCall("POST", "/v1/iperf3-server", "{\"port\": 80, \"timeoutSeconds\": 5}");

        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(malformed.body()).contains("not valid JSON");
        assertThat(injected.statusCode()).isEqualTo(400);
        assertThat(injected.body()).contains("peerHost must be an IP address or a hostname");
        assertThat(lowPort.statusCode()).isEqualTo(400);
        assertThat(lowPort.body()).contains("port must be between 1024 and 65535");
        assertThat(injected.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void readsItsHostConfigurationTowardsAPeerAsCatAndEthtoolDo() throws Exception {
        AgentProcess agent = start("config");

        var answer = agent.signedCall("POST", "/v1/host-config", "{\"towards\": \"127.0.0.1\"}");
        var injected = agent.signedCall("POST", "/v1/host-config", "{\"towards\": \"127.0.0.1; reboot\"}");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode config = JSON.readTree(answer.body());
        assertThat(config.get("os").stringValue()).isEqualTo("linux");
        assertThat(config.get("interface").stringValue()).isEqualTo("lo");
        assertThat(config.get("facts").get("nic.mtu").stringValue())
                .isEqualTo(Files.readString(Path.of("/sys/class/net/lo/mtu")).strip());
        Process cat = new ProcessBuilder("cat", "/proc/sys/net/ipv4/tcp_rmem").start();
        assertThat(config.get("facts").get("net.ipv4.tcp_rmem").stringValue())
                .isEqualTo(new String(cat.getInputStream().readAllBytes()).strip().replaceAll("\\s+", " "));
        assertThat(config.get("unknown").get("nic.rings").stringValue())
                .isEqualTo("ethtool -g: netlink error: Operation not supported");
        System.out.printf("host configuration of lo read in %d ms: %d facts, %d unknown%n",
                config.get("readMillis").longValue(), config.get("facts").size(), config.get("unknown").size());
        assertThat(injected.statusCode()).isEqualTo(400);
        assertThat(injected.body()).contains("towards must be an IP address or a hostname");
        assertThat(agent.call("POST", "/v1/host-config", null, "{\"towards\": \"127.0.0.1\"}").statusCode())
                .isEqualTo(401);
    }

    @Test
    void reportsThisHostsFacts() throws Exception {
        AgentProcess agent = start("facts");

        JsonNode facts = JSON.readTree(agent.signedCall("GET", "/v1/status", null).body()).get("facts");

        assertThat(facts.get("osName").stringValue()).isEqualTo(System.getProperty("os.name"));
        assertThat(facts.get("arch").stringValue()).isEqualTo(System.getProperty("os.arch"));
        assertThat(facts.get("cpus").intValue()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(facts.get("iperf3Version").stringValue()).isEqualTo(installedIperf3Version());
        List<String> names = new ArrayList<>();
        facts.get("interfaces").forEach(nic -> names.add(nic.get("name").stringValue()));
        assertThat(names).containsAll(interfacesInSysfs());
        facts.get("interfaces").forEach(nic -> {
            if (nic.get("name").stringValue().equals("lo")) {
                assertThat(nic.get("addresses").toString()).contains("127.0.0.1");
                assertThat(nic.get("mtu").longValue()).isPositive();
            }
        });
    }

    @Test
    void runsARealScenarioAgainstAPeerAndSpoolsTheResultWhileTheServerIsAway() throws Exception {
        AgentProcess sut = start("sut");
        AgentProcess peer = start("peer");
        int port = TestPorts.free();

        assertThat(peer.signedCall("POST", "/v1/iperf3-server", "{\"port\": " + port + ", \"timeoutSeconds\": 30}")
                .statusCode()).isEqualTo(200);
        var busy = peer.signedCall("POST", "/v1/iperf3-server", "{\"port\": " + (port + 1) + ", \"timeoutSeconds\": 5}");
        assertThat(busy.statusCode()).isEqualTo(409);
        assertThat(busy.body()).contains("agent peer is busy with iperf3 server on port " + port);
        assertThat(sut.signedCall("POST", "/v1/scenarios", scenario("127.0.0.1", port)).statusCode()).isEqualTo(202);

        JsonNode result = JSON.readTree(AgentProcess.awaitSpooled(workDir.resolve("spool-sut")));
        assertThat(result.get("nonce").stringValue()).as("the spool keeps the dispatch's nonce for a late delivery")
                .isEqualTo(NONCE);
        assertThat(result.get("succeeded").booleanValue()).isTrue();
        assertThat(result.get("command").toString()).contains("\"-c\",\"127.0.0.1\"");
        Iperf3Result measured = new Iperf3OutputParser()
                .parse(result.get("output").stringValue().getBytes(StandardCharsets.UTF_8));
        assertThat(measured.scenario().streams()).isEqualTo(2);
        assertThat(measured.measured().receivedBitsPerSecond()).isPositive();
        assertThat(result.get("facts").get("routeInterface").stringValue()).isEqualTo("lo");
        assertThat(result.get("counters").get("interface").stringValue()).isEqualTo("lo");
        assertThat(result.get("counters").get("delta").get("tx_bytes").longValue()).isPositive();
    }

    @Test
    void iperf3ThatCannotConnectIsAFailedResultWithIperf3sReason() throws Exception {
        AgentProcess sut = start("lonely");

        assertThat(sut.signedCall("POST", "/v1/scenarios", scenario("127.0.0.1", TestPorts.free()))
                .statusCode()).isEqualTo(202);

        JsonNode result = JSON.readTree(AgentProcess.awaitSpooled(workDir.resolve("spool-lonely")));
        assertThat(result.get("succeeded").booleanValue()).isFalse();
        assertThat(result.get("error").stringValue()).contains("unable to connect to server");
    }

    /** An agent that enrolled earlier (its secret in its spool): the test plays its server. */
    private AgentProcess start(String name) throws IOException {
        AgentProcess.enrolled(workDir.resolve("spool-" + name), name);
        AgentProcess agent = AgentProcess.start(NOWHERE, TOKEN, name, workDir);
        agents.add(agent);
        return agent;
    }

    private static String scenario(String peerHost, int port) {
        return "{\"jobId\": 1, \"scenarioId\": 2, \"attempt\": 1, \"peerHost\": \"" + peerHost + "\", \"port\": " + port
                + ", \"protocol\": \"TCP\", \"direction\": \"upload\", \"streams\": 2, \"durationSeconds\": 2,"
                + " \"intervalSeconds\": 1, \"nonce\": \"" + NONCE + "\"}";
    }

    private static String installedIperf3Version() throws Exception {
        Process version = new ProcessBuilder("iperf3", "--version").start();
        String text = new String(version.getInputStream().readAllBytes());
        version.waitFor();
        return Iperf3Version.parse(text).text();
    }

    private static List<String> interfacesInSysfs() throws IOException {
        try (var names = Files.list(Path.of("/sys/class/net"))) {
            return names.map(path -> path.getFileName().toString()).toList();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
