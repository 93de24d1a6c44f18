package com.burstline.server.schedule;

import com.burstline.server.job.JobApiClient;
import com.burstline.server.job.TestAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schedule API over real HTTP on H2: create, list, get, pause, resume, delete with nextRunAt and the history;
 * a bad template is refused with the job API's own problems, a bad cron or time zone in words, and nothing is
 * stored on any error. The schedules here fire at 03:00, so none starts a job during the test.
 */
class ScheduleApiTest {
    private static final String TEMPLATE = "{\"sut\": \"sch-a\", \"peer\": \"sch-b\", \"plan\": \"standard\", "
            + "\"durationSeconds\": 2, \"tags\": [\"nightly\"]}";

    @TempDir
    static Path dataDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static final List<TestAgent> agents = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        startWith();
    }

    /** The server with {@code more} arguments (the PostgreSQL twin's database), and the two agents. */
    static void startWith(String... more) throws Exception {
        server = JobApiClient.startServer(0, dataDir, more);
        String base = "http://127.0.0.1:" + ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient(base);
        agents.add(new TestAgent(base, AGENT_TOKEN, "sch-a").register());
        agents.add(new TestAgent(base, AGENT_TOKEN, "sch-b").register());
    }

    @AfterAll
    static void stop() {
        agents.forEach(TestAgent::close);
        server.close();
    }

    @Test
    void aScheduleIsCreatedListedPausedResumedAndDeletedWithItsNextRunAndHistory() {
        HttpResponse<String> created = create("{\"name\": \"berlin nightly\", \"cron\": \"0 0 3 * * *\", "
                + "\"timeZone\": \"Europe/Berlin\", \"jobTemplate\": " + TEMPLATE + "}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode schedule = json(created);
        long id = schedule.get("id").longValue();
        assertThat(created.headers().firstValue("Location")).hasValue("/api/v1/schedules/" + id);
        assertThat(schedule.get("state").stringValue()).isEqualTo("ACTIVE");
        Instant next = Instant.parse(schedule.get("nextRunAt").stringValue());
        assertThat(next.atZone(ZoneId.of("Europe/Berlin")).getHour()).isEqualTo(3);
        assertThat(next).isAfter(Instant.now());
        assertThat(schedule.get("lastJobId").isNull()).isTrue();
        assertThat(schedule.get("jobTemplate").get("tags").toString()).isEqualTo("[\"nightly\"]");
        assertThat(schedule.get("jobTemplate").get("durationSeconds").intValue()).isEqualTo(2);

        JsonNode paused = json(api.send("POST", "/api/v1/schedules/" + id + "/pause", API_TOKEN, null));
        assertThat(paused.get("state").stringValue()).isEqualTo("PAUSED");
        assertThat(paused.get("nextRunAt").isNull()).isTrue();
        JsonNode resumed = json(api.send("POST", "/api/v1/schedules/" + id + "/resume", API_TOKEN, null));
        assertThat(resumed.get("state").stringValue()).isEqualTo("ACTIVE");
        assertThat(resumed.get("nextRunAt").stringValue()).isEqualTo(next.toString());

        JsonNode listed = json(api.get("/api/v1/schedules"));
        assertThat(listed.valueStream().map(s -> s.get("name").stringValue())).contains("berlin nightly");
        JsonNode history = json(api.get("/api/v1/schedules/" + id + "/history"));
        assertThat(history.valueStream().map(e -> e.get("kind").stringValue())).containsExactly("RESUMED", "PAUSED");
        assertThat(history.get(0).get("detail").stringValue()).as("the API keeps the detail as stored, ISO time and all")
                .matches("resumed: next run at \\d{4}-\\d\\d-\\d\\dT\\d\\d:00:00Z");
        assertThat(history.get(0).has("detailParts")).as("the page's split is not part of the API").isFalse();

        assertThat(api.send("DELETE", "/api/v1/schedules/" + id, API_TOKEN, null).statusCode()).isEqualTo(204);
        HttpResponse<String> gone = api.get("/api/v1/schedules/" + id);
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(gone.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
    }

    @Test
    void aBadTemplateIsRefusedWithTheJobApisOwnProblemsAndNothingIsStored() {
        String badJob = "{\"sut\": \"nobody\", \"peer\": \"sch-b\", \"plan\": \"weekly\", \"repeat\": 0}";
        JsonNode jobProblem = json(api.createJob(badJob));

        HttpResponse<String> refused = create("{\"name\": \"bad template\", \"cron\": \"0 0 3 * * *\", "
                + "\"jobTemplate\": " + badJob + "}");

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        JsonNode problem = json(refused);
        assertThat(problem.get("type").stringValue()).isEqualTo(jobProblem.get("type").stringValue());
        assertThat(problem.get("title").stringValue()).isEqualTo(jobProblem.get("title").stringValue());
        assertThat(problem.get("errors")).isEqualTo(jobProblem.get("errors"));
        assertThat(problem.get("errors")).hasSize(3);
        assertNothingNamed("bad template");
    }

    @Test
    void aBadCronAnUnknownTimeZoneAndAnUnknownTemplateFieldAreClearErrors() {
        JsonNode problem = json(create("{\"name\": \"bad cron\", \"cron\": \"0 0 25 * * *\", \"timeZone\": "
                + "\"Europe/Atlantis\", \"jobTemplate\": " + TEMPLATE + "}"));
        assertThat(problem.get("status").intValue()).isEqualTo(400);
        assertThat(problem.get("errors")).hasSize(2);
        assertThat(problem.get("errors").get(0).stringValue()).isEqualTo("timeZone 'Europe/Atlantis' is not a time "
                + "zone; give an IANA name such as Europe/Berlin or America/New_York, or UTC");
        assertThat(problem.get("errors").get(1).stringValue()).startsWith("cron '0 0 25 * * *' is not a cron "
                + "expression");

        HttpResponse<String> unknown = create("{\"name\": \"typo\", \"cron\": \"0 0 3 * * *\", \"jobTemplate\": "
                + "{\"sut\": \"sch-a\", \"peer\": \"sch-b\", \"plan\": \"standard\", \"duration\": 3}}");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(json(unknown).get("field").stringValue()).isEqualTo("jobTemplate.duration");
        assertThat(json(unknown).get("knownFields").toString()).contains("durationSeconds");
        assertNothingNamed("bad cron");
        assertNothingNamed("typo");
    }

    @Test
    void aTakenNameIsAConflict() {
        String body = "{\"name\": \"twice\", \"cron\": \"0 0 3 * * *\", \"jobTemplate\": " + TEMPLATE + "}";
        assertThat(create(body).statusCode()).isEqualTo(201);

        HttpResponse<String> again = create(body);

        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(json(again).get("detail").stringValue()).startsWith("A schedule named 'twice' exists already");
    }

    @Test
    void aWebhookGoesToPublicAddressesWithAKeyShownOnceAndRotatableAndViewersSeeItsHostOnly() {
        HttpResponse<String> refused = create("{\"name\": \"inside\", \"cron\": \"0 0 3 * * *\", \"notifyUrl\": "
                + "\"http://127.0.0.1:8080/actuator/health\", \"jobTemplate\": " + TEMPLATE + "}");
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(refused.body()).contains("loopback or private address")
                .contains("burstline.schedules.webhook-allowed-networks");
        assertNothingNamed("inside");

        // a globally reachable address (IANA's PCP anycast); documentation ranges such as 203.0.113.0/24 are not
        HttpResponse<String> created = create("{\"name\": \"hooked\", \"cron\": \"0 0 3 * * *\", \"notifyUrl\": "
                + "\"https://192.0.0.9:8443/hooks/burstline?token=receiver-secret\", \"jobTemplate\": " + TEMPLATE
                + "}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = json(created).get("id").longValue();
        String secret = json(created).get("webhookSecret").stringValue();
        assertThat(secret).matches("[0-9a-f]{64}");
        JsonNode operator = json(api.send("GET", "/api/v1/schedules/" + id, API_TOKEN, null));
        assertThat(operator.has("webhookSecret")).as("shown once").isFalse();
        assertThat(operator.get("notifyUrl").stringValue())
                .isEqualTo("https://192.0.0.9:8443/hooks/burstline?token=receiver-secret");

        JsonNode rotated = json(api.send("POST", "/api/v1/schedules/" + id + "/webhook-secret", API_TOKEN, null));
        assertThat(rotated.get("webhookSecret").stringValue()).matches("[0-9a-f]{64}").isNotEqualTo(secret);
        assertThat(json(api.get("/api/v1/schedules/" + id + "/history")).get(0).get("kind").stringValue())
                .isEqualTo("SECRET_ROTATED");

        String viewer = json(api.send("POST", "/api/v1/tokens", API_TOKEN,
                "{\"name\": \"schedule-viewer\", \"role\": \"viewer\"}")).get("secret").stringValue();
        JsonNode seen = json(api.send("GET", "/api/v1/schedules/" + id, viewer, null));
        assertThat(seen.get("notifyUrl").stringValue()).isEqualTo("https://192.0.0.9:8443/…");
        assertThat(json(api.send("GET", "/api/v1/schedules", viewer, null)).toString())
                .doesNotContain("receiver-secret");
        assertThat(api.send("POST", "/api/v1/schedules/" + id + "/webhook-secret", viewer, null).statusCode())
                .isEqualTo(403);
    }

    private static HttpResponse<String> create(String json) {
        return api.send("POST", "/api/v1/schedules", API_TOKEN, json);
    }

    private static void assertNothingNamed(String name) {
        assertThat(json(api.get("/api/v1/schedules")).valueStream().map(s -> s.get("name").stringValue()))
                .doesNotContain(name);
    }
}
