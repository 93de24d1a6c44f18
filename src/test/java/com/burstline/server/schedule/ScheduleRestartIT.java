package com.burstline.server.schedule;

import com.burstline.server.job.Eventually;
import com.burstline.server.job.JobApiClient;
import com.burstline.server.job.TestAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Instant;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A schedule survives a restart: it is still there and active, the latest run that fell while the server was down
 * is made up once (within the grace), older ones are recorded once as missed, its next run is computed again from
 * the new start, and it starts jobs again. The agents are played by the test (they accept the dispatch and never
 * answer), so the job the schedule started before the restart is still running when the server stops: it is resumed,
 * not failed, and the made-up run is skipped while it runs.
 */
class ScheduleRestartIT {
    @TempDir
    Path dataDir;

    @Test
    void aScheduleSurvivesARestartRecordsTheMissedRunsOnceAndStartsJobsAgain() throws Exception {
        long id;
        long before;
        int port;
        try (ConfigurableApplicationContext first = start(0)) {
            String server = url(first);
            port = ((WebServerApplicationContext) first).getWebServer().getPort();
            try (TestAgent sut = new TestAgent(server, AGENT_TOKEN, "restart-a").register();
                 TestAgent peer = new TestAgent(server, AGENT_TOKEN, "restart-b").register()) {
                JobApiClient api = new JobApiClient(server);
                id = json(api.send("POST", "/api/v1/schedules", API_TOKEN, """
                        {"name": "every 3 s", "cron": "*/3 * * * * *", "jobTemplate": {"sut": "restart-a",
                         "peer": "restart-b", "scenarios": [{"protocol": "TCP", "durationSeconds": 2}]}}""")).get("id")
                        .longValue();
                before = Eventually.await("the schedule to start a job", JobApiClient.PATIENCE,
                        () -> json(api.get("/api/v1/schedules/" + id)), s -> !s.get("lastJobId").isNull())
                        .get("lastJobId").longValue();
                // Stopped while its agents still send heartbeats, as a server is restarted under live agents.
                first.close();
            }
        }
        // The server stays down past the stored next run, however fast it stops and starts again, so a run is missed.
        sleepPast(nextRunAtOnDisk(id));
        Instant restarted = Instant.now();
        // The same address again, so the test's agents find the secrets they enrolled with, as restarted agents would.
        try (ConfigurableApplicationContext second = start(port)) {
            String server = url(second);
            JobApiClient api = new JobApiClient(server);
            try (TestAgent sut = new TestAgent(server, AGENT_TOKEN, "restart-a").register();
                 TestAgent peer = new TestAgent(server, AGENT_TOKEN, "restart-b").register()) {
                JsonNode schedule = Eventually.await("the made-up run to fire", JobApiClient.PATIENCE,
                        () -> json(api.get("/api/v1/schedules/" + id)),
                        s -> Instant.parse(s.get("nextRunAt").stringValue()).isAfter(restarted));
                assertThat(schedule.get("state").stringValue()).isEqualTo("ACTIVE");
                JsonNode resumed = api.job(before);
                assertThat(resumed.get("error").isNull()).as(resumed.toString()).isTrue();
                assertThat(resumed.get("history").valueStream().map(e -> e.get("kind").stringValue()))
                        .contains("RESTARTED");

                JsonNode history = Eventually.await("a job started after the restart", JobApiClient.PATIENCE,
                        () -> json(api.get("/api/v1/schedules/" + id + "/history?size=500")),
                        events -> events.valueStream().anyMatch(e -> e.get("kind").stringValue().equals("STARTED")
                                && e.get("jobId").longValue() > before));
                var madeUp = history.valueStream().filter(e -> e.get("detail").stringValue()
                        .contains("(made up: no server was up when it was due)")).toList();
                assertThat(madeUp).as(history.toString()).hasSize(1);
                assertThat(madeUp.get(0).get("kind").stringValue()).as("job %d still runs", before).isEqualTo("SKIPPED");
                var missed = history.valueStream().filter(e -> e.get("kind").stringValue().equals("MISSED")).toList();
                assertThat(missed).hasSizeLessThanOrEqualTo(1);
                missed.forEach(m -> assertThat(m.get("detail").stringValue())
                        .matches("the server was down for \\d+ runs? \\(due .+\\); the latest, due at \\S+, is made up "
                                + "now \\(within the grace of PT1H\\)"));
                long after = history.valueStream().filter(e -> e.get("kind").stringValue().equals("STARTED"))
                        .findFirst().orElseThrow().get("jobId").longValue();
                assertThat(after).isGreaterThan(before);
                assertThat(api.job(after).get("scheduleId").longValue()).isEqualTo(id);
            }
        }
    }

    /** The due time the schedule's row holds once the first server has stopped (the API is gone by then). */
    private Instant nextRunAtOnDisk(long id) throws Exception {
        try (java.sql.Connection db = java.sql.DriverManager.getConnection(
                "jdbc:h2:file:" + dataDir.resolve("burstline") + ";ACCESS_MODE_DATA=r", "sa", "");
             java.sql.PreparedStatement query = db.prepareStatement("select next_run_at from schedule where id = ?")) {
            query.setLong(1, id);
            try (java.sql.ResultSet row = query.executeQuery()) {
                row.next();
                return row.getTimestamp(1).toInstant();
            }
        }
    }

    private static void sleepPast(Instant due) throws InterruptedException {
        long wait = due.toEpochMilli() - System.currentTimeMillis() + 500;
        if (wait > 0) {
            Thread.sleep(wait);
        }
    }

    private ConfigurableApplicationContext start(int port) {
        return JobApiClient.startServer(port, dataDir);
    }

    private static String url(ConfigurableApplicationContext context) {
        return "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
