package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * TLS between the server and two real agent processes (target/burstline-agent.jar) in two network namespaces of
 * this test's own (bltls-a, bltls-b; control links 10.81.1.0/24 and 10.81.2.0/24, test link 10.81.0.0/24). Each
 * agent serves HTTPS with the key it made itself and announces its fingerprint; the server pins it and dispatches
 * the standard plan over HTTPS. Then one agent restarts with a new key: the server refuses it, names both
 * fingerprints, and sends it nothing, until an admin accepts the new certificate. Needs root, as CI is.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentTlsLabIT {
    private static final String LAB = "bltls";
    private static final String NET = "10.81";
    private static final int DURATION_SECONDS = 2;
    private static final Duration PATIENCE = Duration.ofMinutes(3);
    private static final Pattern FINGERPRINT = Pattern.compile("certificate SHA-256 ([0-9A-F:]{95})");

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static int port;
    private static final Map<String, AgentProcess> AGENTS = new HashMap<>();

    @BeforeAll
    static void startLab() throws Exception {
        labNetwork("up");
        server = JobApiClient.startServer(0, workDir.resolve("data"));
        port = ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient("http://127.0.0.1:" + port);
        start("lab-a", 1, "a-1.log");
        start("lab-b", 2, "b-1.log");
        for (String name : List.of("lab-a", "lab-b")) {
            awaitAgent(name, agent -> agent.get("online").booleanValue());
        }
    }

    @AfterAll
    static void stopLab() throws Exception {
        try {
            for (AgentProcess agent : AGENTS.values()) {
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
    @Order(1)
    void bothAgentsServeHttpsWithTheirPinnedCertificateAndRunTheStandardPlan() throws IOException {
        for (String name : List.of("lab-a", "lab-b")) {
            JsonNode agent = json(api.get("/api/v1/agents/" + name));
            assertThat(agent.get("url").stringValue()).startsWith("https://" + NET + ".");
            assertThat(agent.get("certificate").get("pinnedSha256").stringValue()).isEqualTo(fingerprint(name));
            assertThat(agent.get("certificate").get("changed").booleanValue()).isFalse();
        }

        JsonNode job = runJob("{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"plan\": \"standard\", "
                + "\"durationSeconds\": " + DURATION_SECONDS + ", \"tags\": [\"tls\"]}");

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(job.get("scenarios").size()).isEqualTo(7);
        for (JsonNode scenario : job.get("scenarios")) {
            JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
            assertThat(run.get("jobId").longValue()).isEqualTo(job.get("id").longValue());
            if (!"UDP_RR".equals(run.get("protocol").stringValue())) { // the plan's round trips have no rate
                assertThat(run.get("receivedBitsPerSecond").doubleValue()).isPositive();
            }
        }
        // the calls came over HTTPS: the agents' API serves nothing else
        assertThat(AGENTS.get("lab-b").log()).contains("The server asks: POST /v1/iperf3-server");
        assertThat(AGENTS.get("lab-a").log()).contains("The server asks: POST /v1/scenarios");
    }

    @Test
    @Order(2)
    void anAgentRestartedWithAnotherKeyIsRefusedAndSentNothingUntilAnAdminAcceptsIt() throws Exception {
        String pinned = fingerprint("lab-b");
        AGENTS.remove("lab-b").close();
        Files.delete(workDir.resolve("spool-lab-b-tls.p12")); // the agent makes a new key on its next start
        Files.delete(workDir.resolve("spool-lab-b-tls.password"));
        start("lab-b", 2, "b-2.log");
        String presented = fingerprint("lab-b");
        assertThat(presented).isNotEqualTo(pinned);
        JsonNode changed = awaitAgent("lab-b", agent -> agent.get("online").booleanValue()
                && agent.get("certificate").get("changed").booleanValue());
        assertThat(changed.get("certificate").get("pinnedSha256").stringValue()).isEqualTo(pinned);
        assertThat(changed.get("certificate").get("presentedSha256").stringValue()).isEqualTo(presented);
        // lab-b's new JVM starting shares two cores with lab-a: the refusal must be lab-b's, not a missed heartbeat
        awaitAgent("lab-a", agent -> agent.get("online").booleanValue());
        long runsBefore = json(api.get("/api/v1/runs?size=100")).get("content").size();

        JsonNode refused = runJob(oneScenario());

        assertThat(refused.get("status").stringValue()).as(refused.toString()).isEqualTo("FAILED");
        assertThat(refused.get("scenarios").get(0).get("error").stringValue()).startsWith("agent lab-b presented a "
                + "certificate whose fingerprint " + presented + " differs from the one pinned at enrollment ("
                + pinned + ")");
        assertThat(AGENTS.get("lab-b").log()).doesNotContain("The server asks");
        assertThat(json(api.get("/api/v1/runs?size=100")).get("content").size()).isEqualTo(runsBefore);

        var accepted = api.send("POST", "/api/v1/agents/lab-b/certificate", API_TOKEN, null);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(json(accepted).get("certificate").get("pinnedSha256").stringValue()).isEqualTo(presented);
        JsonNode afterAccepting = runJob(oneScenario());
        assertThat(afterAccepting.get("status").stringValue()).as(afterAccepting.toString()).isEqualTo("SUCCEEDED");
        assertThat(AGENTS.get("lab-b").log()).contains("The server asks: POST /v1/iperf3-server");
    }

    private static String oneScenario() {
        return "{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"scenarios\": [{\"protocol\": \"tcp\", \"direction\": "
                + "\"upload\", \"streams\": 1, \"durationSeconds\": " + DURATION_SECONDS + "}]}";
    }

    private static JsonNode runJob(String request) {
        var created = api.createJob(request);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = json(created).get("id").longValue();
        return Eventually.await("job " + id + " to end", PATIENCE, () -> api.job(id),
                job -> !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()));
    }

    private static JsonNode awaitAgent(String name, java.util.function.Predicate<JsonNode> state) {
        return json(Eventually.await("agent " + name, PATIENCE, () -> api.get("/api/v1/agents/" + name),
                response -> response.statusCode() == 200 && state.test(json(response))));
    }

    /** The fingerprint the agent's start-up line names: what its HTTPS API presents. */
    private static String fingerprint(String name) throws IOException {
        Matcher matcher = FINGERPRINT.matcher(AGENTS.get(name).log());
        assertThat(matcher.find()).as(AGENTS.get(name).log()).isTrue();
        return matcher.group(1);
    }

    /** Agent a lives in bltls-a (control n=1), b in bltls-b (n=2); test traffic goes over 10.81.0.0/24. */
    private static void start(String name, int n, String log) throws IOException {
        String controlAddress = NET + "." + n + ".2";
        AGENTS.put(name, AgentProcess.startWith(List.of("ip", "netns", "exec", LAB + (n == 1 ? "-a" : "-b")),
                controlAddress, 7701, workDir.resolve(log), List.of(
                        "--server", "http://" + NET + "." + n + ".1:" + port, "--token", AGENT_TOKEN,
                        "--name", name, "--listen", controlAddress + ":7701",
                        "--test-address", NET + ".0." + n, "--instance-type", "t4g.large",
                        "--spool", workDir.resolve("spool-" + name).toString())));
    }

    private static void labNetwork(String action) throws IOException, InterruptedException {
        ProcessBuilder script = new ProcessBuilder("scripts/lab-network.sh", action).redirectErrorStream(true);
        script.environment().putAll(Map.of("BURSTLINE_LAB", LAB, "BURSTLINE_LAB_NET", NET));
        Process process = script.start();
        String output = new String(process.getInputStream().readAllBytes());
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException("scripts/lab-network.sh " + action + " failed with exit code " + exit
                    + " (it needs root and iproute2; scripts/test.sh installs iperf3 and iproute2): " + output);
        }
    }
}
