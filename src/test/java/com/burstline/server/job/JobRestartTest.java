package com.burstline.server.job;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
            JsonNode settled = Eventually.await("the scenario in flight to be settled", JobApiClient.PATIENCE,
                    () -> api.job(jobId), view -> view.get("history").valueStream()
                            .anyMatch(e -> "SETTLED".equals(e.get("kind").stringValue())));
            assertThat(settled.get("scenarios").get(0).get("status").stringValue()).isEqualTo("SUCCEEDED");
            assertThat(settled.get("scenarios").get(0).get("runId").longValue()).isEqualTo(runId);
            assertThat(settled.get("history").valueStream().map(e -> e.get("text").stringValue()))
                    .contains("resumed at scenario 1",
                            "scenario 1 was settled by the result its agent delivered (attempt 1)");
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

    @Test
    void aRestartedServerStillWaitsTheCoolDownFromTheHostsLastScenarioBeforeTheRestart() throws Exception {
        // 30 s: far longer than a restart takes, so the second job must still wait when it is created
        String job = "{\"sut\": \"rest-sut\", \"peer\": \"rest-peer\", \"coolDownSeconds\": 30, "
                + "\"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": 1}]}";
        Instant firstEnd;
        int port;
        try (ConfigurableApplicationContext first = start()) {
            port = port(first);
            JsonNode ended = runOneScenario(first, job, new AtomicReference<>());
            firstEnd = Instant.parse(ended.get("scenarios").get(0).get("finishedAt").stringValue());
        }
        // the same port: the agents register again with the secrets they enrolled with
        try (ConfigurableApplicationContext second = JobApiClient.startServer(port, dataDir)) {
            AtomicReference<JsonNode> cooling = new AtomicReference<>();
            JsonNode ended = runOneScenario(second, job, cooling);
            Instant secondStart = Instant.parse(ended.get("scenarios").get(0).get("startedAt").stringValue());
            assertThat(cooling.get()).as("the job said it cooled down").isNotNull();
            assertThat(Instant.parse(cooling.get().get("until").stringValue()))
                    .as("counted from the scenario before the restart")
                    .isCloseTo(firstEnd.plusSeconds(30), within(1, ChronoUnit.MILLIS));
            assertThat(Duration.between(firstEnd, secondStart)).isGreaterThanOrEqualTo(Duration.ofSeconds(30));
        }
    }

    /** Runs the one-scenario job with the test playing both agents; answers the ended job. */
    private static JsonNode runOneScenario(ConfigurableApplicationContext server, String job,
                                           AtomicReference<JsonNode> cooling) throws Exception {
        String base = "http://127.0.0.1:" + port(server);
        try (TestAgent sut = new TestAgent(base, AGENT_TOKEN, "rest-sut").register();
             TestAgent peer = new TestAgent(base, AGENT_TOKEN, "rest-peer").register()) {
            var created = api(base).createJob(job);
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            long jobId = JSON.readTree(created.body()).get("id").longValue();
            Eventually.await("job " + jobId + " to start its scenario", JobApiClient.PATIENCE,
                    () -> api(base).job(jobId), view -> {
                        if (!view.get("coolingDown").isNull()) {
                            cooling.set(view.get("coolingDown"));
                        }
                        return "RUNNING".equals(view.get("scenarios").get(0).get("status").stringValue());
                    });
            JsonNode scenario = api(base).job(jobId).get("scenarios").get(0);
            sut.postResult(JobApiClient.result(scenario, jobId, "iperf3-312-tcp-1-upload.json"));
            JsonNode ended = Eventually.await("job " + jobId + " to end", JobApiClient.PATIENCE,
                    () -> api(base).job(jobId), view -> !"RUNNING".equals(view.get("status").stringValue()));
            assertThat(ended.get("status").stringValue()).as(ended.toString()).isEqualTo("SUCCEEDED");
            return ended;
        }
    }

    private static JobApiClient api(String base) {
        return new JobApiClient(base);
    }

    private ConfigurableApplicationContext start() {
        return JobApiClient.startServer(0, dataDir);
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
