package com.burstline.server.job;

import com.burstline.server.analysis.LabNetwork;
import com.burstline.server.security.JoinTokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Agents page's Linux command, run for real: in two network namespaces of its own (scripts/lab-network.sh as
 * {@code bljt}, 10.83.0.0/16), the command an admin gets from POST /api/v1/agents/join-tokens downloads the agent jar
 * from the server, checks its SHA-256, writes the join token owner-only and starts the agent, which enrolls; the two
 * agents then run a TCP scenario with real iperf3. A used, revoked or expired join token gets 401 with the reason in
 * words, and the command run with a used or revoked token stops before it starts anything. Needs root, as CI is.
 */
class JoinTokenEnrollmentIT {
    private static final String LAB = "bljt";
    private static final String NET = "10.83";
    private static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final Path AGENT_JAR = Path.of("target", "burstline-agent.jar").toAbsolutePath();

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static int serverPort;
    private static final List<Process> commands = new ArrayList<>();

    @BeforeAll
    static void startLab() {
        assertThat(AGENT_JAR).as("mvn package builds the agent jar before the ITs run").isRegularFile();
        LabNetwork.up(LAB, NET, "1gbit");
        server = JobApiClient.startServer(0, workDir.resolve("data"), "--burstline.agents.jar-path=" + AGENT_JAR);
        serverPort = ((WebServerApplicationContext) server).getWebServer().getPort();
    }

    @AfterAll
    static void stopLab() {
        try {
            for (Process command : commands) {
                command.descendants().forEach(ProcessHandle::destroyForcibly);
                command.destroyForcibly();
            }
            if (server != null) {
                server.close();
            }
        } finally {
            LabNetwork.down(LAB, NET);
        }
    }

    @Test
    void theLinuxCommandDownloadsChecksAndEnrollsAnAgentThatRunsAJob() throws Exception {
        JsonNode sut = addAgent("jt-sut", 1);
        JsonNode peer = addAgent("jt-peer", 2);
        Path sutDir = workDir.resolve("host-sut");
        runCommand(sut, 1, sutDir);
        runCommand(peer, 2, workDir.resolve("host-peer"));
        JobApiClient api = new JobApiClient(base(1));
        for (String name : List.of("jt-sut", "jt-peer")) {
            Eventually.await("agent " + name + " to enroll with its join token and be online", PATIENCE,
                    () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
        }

        assertThat(Files.readAllBytes(sutDir.resolve("burstline-agent.jar"))).isEqualTo(Files.readAllBytes(AGENT_JAR));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(sutDir.resolve("join-token"))))
                .isEqualTo("rw-------");
        assertThat(Files.readString(sutDir.resolve("join-token")).strip()).isEqualTo(sut.get("secret").stringValue());
        assertThat(sutDir.resolve("spool").resolve("jt-sut.secret")).isRegularFile();
        assertThat(json(api.get("/api/v1/agents/jt-sut")).get("url").stringValue())
                .isEqualTo("https://" + NET + ".1.2:7701");
        assertThat(stateOf(api, sut)).isEqualTo("used by jt-sut");

        JsonNode scenario = runTcpJob(api);
        assertThat(scenario.get("status").stringValue()).as(scenario.toString()).isEqualTo("SUCCEEDED");
        JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
        System.out.printf("agents enrolled by join tokens ran TCP for 3 s: %.3f Gbit/s%n",
                run.get("receivedBitsPerSecond").doubleValue() / 1e9);
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).isPositive();

        HttpResponse<String> usedAgain = enroll(api, "jt-sut", sut.get("secret").stringValue());
        assertThat(usedAgain.statusCode()).isEqualTo(401);
        assertThat(json(usedAgain).get("detail").stringValue()).contains("already used by agent 'jt-sut'");
        Path second = workDir.resolve("host-second");
        Process again = runCommand(sut, 1, second);
        assertThat(again.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(again.exitValue()).as("the command with a used token fails at the download").isNotZero();
        assertThat(second.resolve("burstline-agent.jar")).doesNotExist();
        assertThat(second.resolve("start-agent.sh")).doesNotExist();
    }

    @Test
    void revokedAndExpiredJoinTokensGet401WithTheReasonAndTheCommandStartsNothing() throws Exception {
        JobApiClient api = new JobApiClient(base(1));
        JsonNode revoked = addAgent("jt-revoked", 1);
        long id = revoked.get("token").get("id").longValue();
        assertThat(api.send("DELETE", "/api/v1/agents/join-tokens/" + id, JobApiClient.API_TOKEN, null)
                .statusCode()).isEqualTo(200);
        String expired = server.getBean(JoinTokens.class).issue("jt-expired", Instant.now().minusSeconds(1), "test")
                .secret();

        HttpResponse<String> afterRevoke = enroll(api, "jt-revoked", revoked.get("secret").stringValue());
        HttpResponse<String> afterExpiry = enroll(api, "jt-expired", expired);
        HttpResponse<String> downloadRevoked = api.send("GET", "/agent/burstline-agent.jar",
                revoked.get("secret").stringValue(), null);
        Path host = workDir.resolve("host-revoked");
        Process command = runCommand(revoked, 1, host);

        assertThat(afterRevoke.statusCode()).isEqualTo(401);
        assertThat(json(afterRevoke).get("detail").stringValue()).startsWith("This join token was revoked at");
        assertThat(afterExpiry.statusCode()).isEqualTo(401);
        assertThat(json(afterExpiry).get("detail").stringValue()).startsWith("This join token expired at");
        assertThat(downloadRevoked.statusCode()).isEqualTo(401);
        assertThat(json(downloadRevoked).get("detail").stringValue()).startsWith("This join token was revoked at");
        assertThat(command.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(command.exitValue()).isNotZero();
        assertThat(host.resolve("burstline-agent.jar")).doesNotExist();
        assertThat(api.get("/api/v1/agents/jt-revoked").statusCode()).isEqualTo(404);
    }

    /** Adds an agent as an admin would, through the control address its namespace reaches the server at. */
    private static JsonNode addAgent(String name, int n) {
        var added = new JobApiClient(base(n)).send("POST", "/api/v1/agents/join-tokens", JobApiClient.API_TOKEN,
                "{\"name\": \"" + name + "\"}");
        assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
        assertThat(json(added).get("serverUrl").stringValue()).isEqualTo(base(n));
        return json(added);
    }

    /**
     * Runs the page's Linux command in namespace n, as pasted into sh, installing into {@code dir}; the test traffic
     * goes over the lab's shaped link (BURSTLINE_AGENT_TEST_ADDRESS, as the page says).
     */
    private static Process runCommand(JsonNode added, int n, Path dir) throws IOException {
        String linux = added.get("commands").get("linux").stringValue();
        ProcessBuilder builder = new ProcessBuilder("ip", "netns", "exec", LAB + (n == 1 ? "-a" : "-b"), "sh", "-c",
                linux).redirectErrorStream(true)
                .redirectOutput(workDir.resolve(dir.getFileName() + ".log").toFile());
        builder.environment().putAll(Map.of("BURSTLINE_AGENT_DIR", dir.toString(),
                "BURSTLINE_AGENT_TEST_ADDRESS", NET + ".0." + n));
        Process process = builder.start();
        commands.add(process);
        return process;
    }

    private static JsonNode runTcpJob(JobApiClient api) {
        var created = api.createJob("{\"sut\": \"jt-sut\", \"peer\": \"jt-peer\", \"scenarios\": [{\"protocol\": "
                + "\"TCP\", \"durationSeconds\": 3, \"intervalSeconds\": 1}]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                job -> !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()))
                .get("scenarios").get(0);
    }

    private static HttpResponse<String> enroll(JobApiClient api, String name, String token) {
        return api.send("POST", "/api/v1/agents", token, "{\"name\": \"" + name + "\", \"url\": \"https://" + NET
                + ".1.2:7799\", \"testAddress\": \"" + NET + ".0.1\"}");
    }

    private static String stateOf(JobApiClient api, JsonNode added) {
        long id = added.get("token").get("id").longValue();
        for (JsonNode token : json(api.send("GET", "/api/v1/agents/join-tokens", JobApiClient.API_TOKEN, null))) {
            if (token.get("id").longValue() == id) {
                return token.get("stateText").stringValue();
            }
        }
        throw new AssertionError("join token " + id + " is not listed");
    }

    private static String base(int n) {
        return "http://" + NET + "." + n + ".1:" + serverPort;
    }
}
