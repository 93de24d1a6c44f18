package com.burstline.server.job;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job running when the server stops is resumed when it starts again, and its history says so: the result the
 * agent delivers afterwards from its spool settles the scenario that was in flight, stored as its one run.
 */
class JobRestartTest {
    @TempDir
    Path dataDir;

    @Test
    void aJobRunningDuringARestartResumesAndTheResultFromTheSpoolSettlesTheScenarioInFlight() throws Exception {
        ConfigurableApplicationContext first = start();
        String server = "http://127.0.0.1:" + port(first);
        TestAgent sut = new TestAgent(server, AGENT_TOKEN, "restart-sut").register();
        TestAgent peer = new TestAgent(server, AGENT_TOKEN, "restart-peer").register();
        assertThat(sut.post("/api/v1/jobs", "{\"sut\": \"restart-sut\", \"peer\": \"restart-peer\", "
                + "\"plan\": \"standard\"}").statusCode()).isEqualTo(401);
        long jobId = JSON.readTree(api(server).createJob(
                "{\"sut\": \"restart-sut\", \"peer\": \"restart-peer\", \"plan\": \"standard\"}").body())
                .get("id").longValue();
        JsonNode scenario = api(server).awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String late = JobApiClient.result(scenario, jobId, "iperf3-318-tcp-1-upload.json");
        String nonce = sut.nonceFor(scenario.get("id").longValue());
        first.close();
        sut.close();
        peer.close();

        try (ConfigurableApplicationContext second = start()) {
            JobApiClient api = api("http://127.0.0.1:" + port(second));
            JsonNode job = api.job(jobId);
            assertThat(job.get("status").stringValue()).isEqualTo("RUNNING");
            assertThat(job.get("error").isNull()).isTrue();
            assertThat(job.get("scenarios").get(0).get("status").stringValue()).isEqualTo("RUNNING");
            // closed gracefully: the server gave the job back, and its next start says it restarted
            assertThat(job.get("history").valueStream().map(e -> e.get("kind").stringValue()).toList())
                    .as(job.toString()).startsWith("STOPPED", "RESTARTED");
            assertThat(job.get("history").get(1).get("text").stringValue()).startsWith("server ")
                    .contains(" restarted at ");

            // what the agent kept in its spool: the result with the dispatch's nonce, delivered with its own secret
            var delivered = api.send("POST", "/api/v1/agents/restart-sut/results", sut.secret(),
                    late.substring(0, late.lastIndexOf('}')) + ", \"nonce\": \"" + nonce + "\"}");

            assertThat(delivered.statusCode()).as(delivered.body()).isEqualTo(200);
            long runId = JSON.readTree(delivered.body()).get("runId").longValue();
            JsonNode settled = Eventually.await("the job resumed and its scenario in flight settled",
                    JobApiClient.PATIENCE, () -> api.job(jobId), view -> view.get("history").valueStream()
                            .map(e -> e.get("kind").stringValue()).toList().containsAll(List.of("SETTLED", "RESUMED")));
            assertThat(settled.get("scenarios").get(0).get("status").stringValue()).isEqualTo("SUCCEEDED");
            assertThat(settled.get("scenarios").get(0).get("runId").longValue()).isEqualTo(runId);
            // settled before the job was resumed (then at scenario 2) or while the resume waited for it
            assertThat(settled.get("history").valueStream().map(e -> e.get("text").stringValue()))
                    .contains("scenario 1 was settled by the result its agent delivered (attempt 1)")
                    .containsAnyOf("resumed at scenario 1", "resumed at scenario 2");
            JsonNode run = JSON.readTree(api.get("/api/v1/runs/" + runId).body());
            assertThat(run.get("jobId").longValue()).isEqualTo(jobId);
            assertThat(run.get("peer").stringValue()).isEqualTo("restart-peer");
        }
    }

    @Test
    void aServerStoppedWhileItsDispatchIsUnansweredGivesTheJobBackAndResumesIt() throws Exception {
        ConfigurableApplicationContext first = start();
        String server = "http://127.0.0.1:" + port(first);
        try (TestAgent sut = new TestAgent(server, AGENT_TOKEN, "stop-sut").register();
             TestAgent peer = new TestAgent(server, AGENT_TOKEN, "stop-peer").register()) {
            sut.holdScenarioDispatches();
            var created = api(server).createJob("{\"sut\": \"stop-sut\", \"peer\": \"stop-peer\", "
                    + "\"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": 2}]}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            long jobId = JSON.readTree(created.body()).get("id").longValue();
            long scenarioId = api(server).awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0).get("id")
                    .longValue();
            sut.nonceFor(scenarioId); // the dispatch has arrived and waits for its answer
            first.close();

            try (ConfigurableApplicationContext second = start()) {
                JsonNode job = api("http://127.0.0.1:" + port(second)).job(jobId);
                assertThat(job.get("error").isNull()).as(job.toString()).isTrue();
                assertThat(job.get("scenarios").get(0).get("error").isNull()).isTrue();
                assertThat(job.get("history").valueStream().map(e -> e.get("kind").stringValue()).toList())
                        .as(job.toString()).startsWith("STOPPED", "RESTARTED");
            }
        }
    }

    private static JobApiClient api(String base) {
        return new JobApiClient(base);
    }

    private ConfigurableApplicationContext start() {
        return JobApiClient.startServer(0, dataDir);
    }

    private static int port(ConfigurableApplicationContext context) {
        return JobApiClient.port(context);
    }
}
