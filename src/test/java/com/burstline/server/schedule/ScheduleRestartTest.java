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
 * A schedule survives a restart: it is still there and active, its next run is computed again from the new start,
 * the runs that fell while the server was down are recorded once as missed and not made up, and it starts jobs
 * again. The agents are played by the test (they accept the dispatch and never answer), so the job the schedule
 * started before the restart is still running when the server stops.
 */
class ScheduleRestartTest {
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
                JsonNode schedule = json(api.get("/api/v1/schedules/" + id));
                assertThat(schedule.get("state").stringValue()).isEqualTo("ACTIVE");
                assertThat(Instant.parse(schedule.get("nextRunAt").stringValue())).isAfter(restarted);
                assertThat(api.job(before).get("error").stringValue()).isEqualTo("the server restarted during the job");

                JsonNode history = Eventually.await("a job started after the restart", JobApiClient.PATIENCE,
                        () -> json(api.get("/api/v1/schedules/" + id + "/history?size=500")),
                        events -> events.valueStream().anyMatch(e -> e.get("kind").stringValue().equals("STARTED")
                                && e.get("jobId").longValue() > before));
                var missed = history.valueStream().filter(e -> e.get("kind").stringValue().equals("MISSED")).toList();
                assertThat(missed).hasSize(1);
                assertThat(missed.get(0).get("detail").stringValue())
                        .matches("the server was down for \\d+ runs? \\(due .+\\); they are not made up, the next run "
                                + "is at \\S+");
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
