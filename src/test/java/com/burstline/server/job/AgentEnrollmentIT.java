package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.server.security.TokenSecrets;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real agent jar enrolls with the enrollment token from --token-file, keeps the secret the server answered
 * owner-only in its spool directory, and after a restart (kill -9, a new port) registers with that secret again; an
 * impostor with the enrollment token but no secret cannot take the enrolled name.
 */
class AgentEnrollmentIT {
    private static final Duration PATIENCE = Duration.ofSeconds(90);

    @TempDir
    Path workDir;
    private final List<AgentProcess> agents = new ArrayList<>();
    private ConfigurableApplicationContext server;

    @AfterEach
    void stopAll() throws InterruptedException {
        for (AgentProcess agent : agents) {
            agent.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theAgentKeepsItsSecretOwnerOnlyAndUsesItAfterARestart() throws Exception {
        int port = TestPorts.free();
        server = JobApiClient.startServer(port, workDir.resolve("data"));
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + port);
        JdbcTemplate jdbc = server.getBean(JdbcTemplate.class);
        Path tokenFile = workDir.resolve("agent-token");
        Files.writeString(tokenFile, AGENT_TOKEN + "\n");
        Path spool = workDir.resolve("spool-enr-a");

        AgentProcess first = agent(port, tokenFile, spool, "first");
        JsonNode enrolled = awaitOnline(api, first);
        Path secretFile = spool.resolve("enr-a.secret");
        String secret = Files.readString(secretFile, StandardCharsets.UTF_8).strip();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secretFile))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(spool))).isEqualTo("rwx------");
        assertThat(hash(jdbc)).as("the server keeps only the secret's hash").isEqualTo(TokenSecrets.sha256(secret));
        // the server lists the agent online before the agent has read the answer and logged it
        assertThat(Eventually.await("the agent to log its enrollment", PATIENCE, () -> log(first),
                log -> log.contains("Enrolled as"))).contains("Enrolled as enr-a", secretFile.toString());

        AgentProcess impostor = agent(port, tokenFile, workDir.resolve("spool-impostor"), "impostor");
        Eventually.await("the impostor's enrollment to be refused", PATIENCE, () -> log(impostor),
                log -> log.contains("HTTP 409"));
        assertThat(json(api.get("/api/v1/agents/enr-a")).get("url")).isEqualTo(enrolled.get("url"));
        impostor.close();

        first.kill();
        AgentProcess restarted = agent(port, tokenFile, spool, "restarted");
        JsonNode again = awaitOnline(api, restarted);
        assertThat(again.get("url")).as("re-registered at its new port").isNotEqualTo(enrolled.get("url"));
        assertThat(Eventually.await("the agent to log its registration", PATIENCE, () -> log(restarted),
                log -> log.contains("Registered with"))).doesNotContain("Enrolled as");
        assertThat(Files.readString(secretFile, StandardCharsets.UTF_8).strip()).isEqualTo(secret);
        assertThat(hash(jdbc)).isEqualTo(TokenSecrets.sha256(secret));
    }

    private AgentProcess agent(int serverPort, Path tokenFile, Path spool, String run) throws Exception {
        int port = TestPorts.free();
        AgentProcess agent = AgentProcess.startWith(List.of(), "127.0.0.1", port, workDir.resolve(run + ".log"),
                List.of("--server", "http://127.0.0.1:" + serverPort, "--token-file", tokenFile.toString(),
                        "--name", "enr-a", "--listen", "127.0.0.1:" + port, "--spool", spool.toString()));
        agents.add(agent);
        return agent;
    }

    private static JsonNode awaitOnline(JobApiClient api, AgentProcess agent) {
        return json(Eventually.await("enr-a to be online at " + agent.url(), PATIENCE,
                () -> api.get("/api/v1/agents/enr-a"), response -> response.statusCode() == 200
                        && json(response).get("online").booleanValue()
                        && json(response).get("url").stringValue().equals(agent.url().toString())));
    }

    private static String hash(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SELECT secret_hash FROM agent WHERE name = 'enr-a'", String.class);
    }

    private static String log(AgentProcess agent) {
        try {
            return agent.log();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
