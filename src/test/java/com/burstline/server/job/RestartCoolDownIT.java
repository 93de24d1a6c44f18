package com.burstline.server.job;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
 * A cool-down outlives a restart: the next job on the same hosts waits from their last scenario's stored end. In the
 * full tier, since it waits a real 30 s (longer than any restart takes) beside two server starts.
 */
class RestartCoolDownIT {
    @TempDir
    Path dataDir;

    @Test
    void aRestartedServerStillWaitsTheCoolDownFromTheHostsLastScenarioBeforeTheRestart() throws Exception {
        // 30 s: far longer than a restart takes, so the second job must still wait when it is created
        String job = "{\"sut\": \"rest-sut\", \"peer\": \"rest-peer\", \"coolDownSeconds\": 30, "
                + "\"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": 1}]}";
        Instant firstEnd;
        int port;
        try (ConfigurableApplicationContext first = JobApiClient.startServer(0, dataDir)) {
            port = JobApiClient.port(first);
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
        String base = "http://127.0.0.1:" + JobApiClient.port(server);
        JobApiClient api = new JobApiClient(base);
        try (TestAgent sut = new TestAgent(base, AGENT_TOKEN, "rest-sut").register();
             TestAgent peer = new TestAgent(base, AGENT_TOKEN, "rest-peer").register()) {
            var created = api.createJob(job);
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            long jobId = JSON.readTree(created.body()).get("id").longValue();
            Eventually.await("job " + jobId + " to start its scenario", JobApiClient.PATIENCE,
                    () -> api.job(jobId), view -> {
                        if (!view.get("coolingDown").isNull()) {
                            cooling.set(view.get("coolingDown"));
                        }
                        return "RUNNING".equals(view.get("scenarios").get(0).get("status").stringValue());
                    });
            JsonNode scenario = api.job(jobId).get("scenarios").get(0);
            sut.postResult(JobApiClient.result(scenario, jobId, "iperf3-312-tcp-1-upload.json"));
            JsonNode ended = Eventually.await("job " + jobId + " to end", JobApiClient.PATIENCE,
                    () -> api.job(jobId), view -> !"RUNNING".equals(view.get("status").stringValue()));
            assertThat(ended.get("status").stringValue()).as(ended.toString()).isEqualTo("SUCCEEDED");
            return ended;
        }
    }
}
