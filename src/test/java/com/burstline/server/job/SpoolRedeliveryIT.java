package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
 * Nothing is lost when the server goes away mid-scenario: the real SUT agent finishes measuring, keeps its result in
 * its spool while the server is down, and delivers it once the server is back on the same data.
 */
class SpoolRedeliveryIT {
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
    void resultMeasuredWhileTheServerWasDownArrivesAfterItsRestart() throws Exception {
        int port = TestPorts.free();
        server = startServer(port);
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + port);
        String url = "http://127.0.0.1:" + port;
        agents.add(AgentProcess.start(url, AGENT_TOKEN, "spool-sut", workDir));
        agents.add(AgentProcess.start(url, AGENT_TOKEN, "spool-peer", workDir));
        for (String name : List.of("spool-sut", "spool-peer")) {
            Eventually.await(name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
        }
        var created = api.createJob("{\"sut\": \"spool-sut\", \"peer\": \"spool-peer\", \"scenarios\": "
                + "[{\"protocol\": \"TCP\", \"durationSeconds\": 5, \"intervalSeconds\": 1}]}");
        long jobId = json(created).get("id").longValue();
        Eventually.await("the SUT to be measuring", PATIENCE, () -> api.get("/api/v1/agents/spool-sut"),
                response -> json(response).get("busy").booleanValue());

        server.close();
        Path spool = workDir.resolve("spool-spool-sut");
        Eventually.await("the result to wait in the SUT's spool", PATIENCE, () -> spooled(spool),
                files -> files == 1);
        server = startServer(port);

        Eventually.await("the spool to be delivered", PATIENCE, () -> spooled(spool), files -> files == 0);
        JsonNode runs = json(api.get("/api/v1/runs?job=" + jobId));
        assertThat(runs.get("page").get("totalElements").longValue()).isEqualTo(1);
        JsonNode run = runs.get("content").get(0);
        assertThat(run.get("sut").stringValue()).isEqualTo("spool-sut");
        assertThat(json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals")).size()).isPositive();
        JsonNode scenario = api.job(jobId).get("scenarios").get(0);
        assertThat(scenario.get("runId").longValue()).isEqualTo(run.get("id").longValue());
    }

    private ConfigurableApplicationContext startServer(int port) {
        return JobApiClient.startServer(port, workDir.resolve("data"));
    }

    private static int spooled(Path spool) {
        if (!Files.isDirectory(spool)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(spool)) {
            return (int) files.filter(file -> file.toString().endsWith(".result.json")).count();
        } catch (IOException e) {
            return -1;
        }
    }

}
