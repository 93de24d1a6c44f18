package com.burstline.server.job;

import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agents and jobs over real HTTP against the real server; the test plays the agents ({@link TestAgent}) and posts
 * results with real iperf3 output. Subclasses choose the database, like the runs API tests.
 */
@BurstlineTest
abstract class JobApiBehaviour {
    static final String API_TOKEN = JobApiClient.API_TOKEN;
    static final String AGENT_TOKEN = JobApiClient.AGENT_TOKEN;
    static final Duration PATIENCE = JobApiClient.PATIENCE;

    @LocalServerPort
    int port;
    final List<TestAgent> agents = new ArrayList<>();

    @BeforeEach
    void noAgentsYet() {
        agents.clear();
    }

    /** The runner does one job at a time: end what a test left running, so the next test's job gets its turn. */
    @AfterEach
    void endJobsAndAgents() {
        for (JsonNode job : json(get("/api/v1/jobs"))) {
            if (List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue())) {
                send("POST", "/api/v1/jobs/" + job.get("id").longValue() + "/cancel", API_TOKEN, null);
            }
        }
        agents.forEach(TestAgent::close);
    }

    TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent(base(), AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    HttpResponse<String> get(String path) {
        return client().get(path);
    }

    HttpResponse<String> send(String method, String path, String token, String json) {
        return client().send(method, path, token, json);
    }

    HttpResponse<String> createJob(String json) {
        return client().createJob(json);
    }

    JsonNode job(long id) {
        return client().job(id);
    }

    JsonNode awaitScenario(long jobId, int position, String status) {
        return client().awaitScenario(jobId, position, status);
    }

    static JsonNode json(HttpResponse<String> response) {
        return JobApiClient.json(response);
    }

    static String result(JsonNode scenario, long jobId, String sampleFile) {
        return JobApiClient.result(scenario, jobId, sampleFile);
    }

    static String failedResult(JsonNode scenario, long jobId, String error) {
        return JobApiClient.failedResult(scenario, jobId, error);
    }

    private JobApiClient client() {
        return new JobApiClient(base());
    }

    static void assertProblem(HttpResponse<String> response, int status, String... detailParts) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        String detail = json(response).get("detail").stringValue();
        for (String part : detailParts) {
            assertThat(detail).containsIgnoringCase(part);
        }
    }

    @Test
    void theAgentTokenIsRefusedOnTheUserApiAndTheApiTokenOnAgentCalls() throws IOException {
        TestAgent a = agent("auth-a");
        agent("auth-b");
        String job = "{\"sut\": \"auth-a\", \"peer\": \"auth-b\", \"plan\": \"standard\"}";

        assertProblem(send("POST", "/api/v1/jobs", null, job), 401, "needs a signed-in session or an API token");
        assertProblem(send("POST", "/api/v1/jobs", AGENT_TOKEN, job), 401, "token is not valid");
        assertProblem(send("DELETE", "/api/v1/runs/1", AGENT_TOKEN, null), 401, "token is not valid");
        assertProblem(send("POST", "/api/v1/jobs", a.secret(), job), 401, "token is not valid");
        assertProblem(send("POST", "/api/v1/agents", API_TOKEN, a.registration()), 401,
                "nor the secret of an enrolled agent");
        assertProblem(send("POST", "/api/v1/agents", null, a.registration()), 401,
                "needs the agent's own secret (or, to enroll, a join token)");
        assertProblem(send("POST", "/api/v1/agents/auth-a/heartbeat", API_TOKEN, "{}"), 401, "agent token");
        assertProblem(send("POST", "/api/v1/agents/auth-a/live", API_TOKEN, "{}"), 401, "agent token");
        assertProblem(send("POST", "/api/v1/agents/auth-a/results", API_TOKEN, "{}"), 401, "agent token");
        assertThat(get("/api/v1/agents").statusCode()).isEqualTo(200);
        assertThat(get("/api/v1/jobs").statusCode()).isEqualTo(200);
    }

    @Test
    void aRegisteredAgentIsListedOnlineWithItsFactsAndGoesOfflineWithoutHeartbeats() {
        String registration = """
                {"name": "quiet", "url": "http://10.77.1.2:7701/", "version": "0.1.0",
                 "facts": {"osName": "Linux", "cpus": 2, "instanceType": "t4g.large", "interfaces": []}}""";

        var registered = send("POST", "/api/v1/agents", AGENT_TOKEN, registration);

        assertThat(registered.statusCode()).isEqualTo(200);
        assertThat(json(registered).get("heartbeatSeconds").intValue()).isEqualTo(1);
        String secret = json(registered).get("secret").stringValue();
        JsonNode agent = json(get("/api/v1/agents/quiet"));
        assertThat(agent.get("online").booleanValue()).isTrue();
        assertThat(agent.get("url").stringValue()).isEqualTo("http://10.77.1.2:7701");
        assertThat(agent.get("testAddress").stringValue()).isEqualTo("10.77.1.2");
        assertThat(agent.get("facts").get("instanceType").stringValue()).isEqualTo("t4g.large");
        assertThat(send("POST", "/api/v1/agents/quiet/heartbeat", secret, "{\"busy\": true}").statusCode())
                .isEqualTo(204);
        assertProblem(send("POST", "/api/v1/agents/quiet/heartbeat", AGENT_TOKEN, "{}"), 403, "speaks only for itself");
        assertProblem(send("POST", "/api/v1/agents/never-registered/heartbeat", secret, "{\"busy\": false}"), 403,
                "speaks only for itself");
        Eventually.await("the silent agent to go offline", PATIENCE, () -> json(get("/api/v1/agents/quiet")),
                view -> !view.get("online").booleanValue());
        assertThat(send("POST", "/api/v1/agents/quiet/heartbeat", secret, "{}").statusCode()).isEqualTo(204);
        assertThat(json(get("/api/v1/agents/quiet")).get("online").booleanValue()).isTrue();
    }

    @Test
    void badRegistrationsAre400() {
        assertProblem(send("POST", "/api/v1/agents", AGENT_TOKEN, "{\"name\": \"a b\", \"url\": \"http://x:1\"}"),
                400, "name must be");
        assertProblem(send("POST", "/api/v1/agents", AGENT_TOKEN, "{\"name\": \"ok\", \"url\": \"ftp://x\"}"),
                400, "url must be");
        assertProblem(send("POST", "/api/v1/agents", AGENT_TOKEN, "{\"name\": "), 400, "JSON");
    }

    @Test
    void jobsAreBoundedTo1000ScenariosAnd24HoursAndBodiesTo1MiB() throws IOException {
        agent("big-a");
        agent("big-b");
        String fifty = String.join(", ", java.util.Collections.nCopies(50,
                "{\"protocol\": \"TCP\", \"durationSeconds\": 3600}"));

        assertProblem(createJob("{\"sut\": \"big-a\", \"peer\": \"big-b\", \"repeat\": 100, \"scenarios\": ["
                + fifty + "]}"), 400, "at most 1000 scenarios (scenarios × repeat × pairs); this one would run 5000",
                "at most 24 h of measuring", "this one plans 5000.0 h");
        String padded = "{\"sut\": \"big-a\", \"peer\": \"big-b\", \"plan\": \"standard\", \"tags\": [\""
                + "x".repeat(2 << 20) + "\"]}";
        assertProblem(createJob(padded), 413, "larger than the 1048576 bytes allowed");
        assertProblem(send("POST", "/api/v1/agents", AGENT_TOKEN, "{\"name\": \"" + "n".repeat(2 << 20) + "\"}"),
                413, "burstline.http.max-body-size");
    }

    @Test
    void invalidJobsAre400WithEveryProblemInWords() throws IOException {
        agent("bad-a");
        agent("bad-b");
        int jobsBefore = json(get("/api/v1/jobs")).size();

        assertProblem(createJob("{\"sut\": \"nobody\", \"peer\": \"bad-b\", \"plan\": \"standard\"}"), 400,
                "sut: no agent named 'nobody' is registered");
        assertProblem(createJob("{\"sut\": \"bad-a\", \"peer\": \"bad-a\", \"plan\": \"standard\"}"), 400,
                "two different agents");
        assertProblem(createJob("{\"sut\": \"bad-a\", \"peer\": \"bad-b\", \"plan\": \"fastest\"}"), 400,
                "plan must be 'standard'");
        assertProblem(createJob("{\"sut\": \"bad-a\", \"peer\": \"bad-b\", \"plan\": \"standard\", "
                + "\"repeat\": 0, \"durationSeconds\": 4000, \"onFailure\": \"panic\"}"), 400,
                "repeat must be between 1 and 100", "durationSeconds must be between 1 and 3600",
                "onFailure must be 'continue' or 'stop'");
        assertProblem(createJob("""
                {"sut": "bad-a", "peer": "bad-b", "scenarios": [
                  {"protocol": "UDP", "durationSeconds": 5},
                  {"protocol": "SCTP", "direction": "sideways", "streams": 129, "durationSeconds": 0,
                   "intervalSeconds": 0.05, "omitSeconds": 601, "targetBitsPerSecond": 1}]}"""), 400,
                "scenarios[0].targetBitsPerSecond is needed for UDP", "scenarios[1].protocol must be TCP or UDP",
                "direction must be upload, download or bidir", "scenarios[1].streams must be between 1 and 128",
                "scenarios[1].durationSeconds must be between 1 and 3600", "intervalSeconds must be between 0.1",
                "omitSeconds must be between 0 and 600", "targetBitsPerSecond must be between 1000");
        assertProblem(createJob("""
                {"sut": "bad-a", "peer": "bad-b", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 5, "tool": "netperf"}]}"""), 400,
                "scenarios[0].tool must be one of [auto, burstline-java, iperf3], not 'netperf'");
        assertProblem(createJob("{\"sut\": \"bad-a\", \"peer\": \"bad-b\", \"scenarios\": []}"), 400,
                "1 to 50 scenarios");
        assertProblem(createJob("{\"sut\": \"bad-a\", \"peer\": \"bad-b\", \"repeat\": \"many\"}"), 400,
                "JSON object");
        assertProblem(createJob("[1, 2]"), 400, "JSON object");
        assertProblem(createJob("{\"sut\": "), 400, "JSON object");
        assertProblem(send("GET", "/api/v1/jobs/999999", API_TOKEN, null), 404, "no job 999999");
        assertThat(json(get("/api/v1/jobs")).size()).isEqualTo(jobsBefore);
    }

    @Test
    void unknownFieldsInAnyRequestBodyAre400NamingTheFieldAndStartNothing() throws IOException {
        TestAgent a = agent("strict-a");
        agent("strict-b");
        int jobsBefore = json(get("/api/v1/jobs")).size();

        var typo = createJob("{\"sut\": \"strict-a\", \"peer\": \"strict-b\", \"duration\": 3}");
        assertProblem(typo, 400, "Unknown field 'duration'", "durationSeconds");
        assertThat(json(typo).get("field").stringValue()).isEqualTo("duration");
        assertProblem(createJob("""
                {"sut": "strict-a", "peer": "strict-b", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 2, "stream": 4}]}"""), 400,
                "Unknown field 'scenarios[0].stream'", "streams");
        assertThat(json(get("/api/v1/jobs")).size()).as("no job was created").isEqualTo(jobsBefore);

        String registration = a.registration();
        String extra = registration.substring(0, registration.lastIndexOf('}')) + ", \"nmae\": \"x\"}";
        assertProblem(send("POST", "/api/v1/agents", AGENT_TOKEN, extra), 400, "Unknown field 'nmae'");
        assertProblem(a.post("/api/v1/agents/strict-a/heartbeat", "{\"bussy\": true}"), 400,
                "Unknown field 'bussy'", "busy");
        assertProblem(a.post("/api/v1/agents/strict-a/results", "{\"jobid\": 1}"), 400,
                "Unknown field 'jobid'", "jobId");
        assertProblem(a.post("/api/v1/agents/strict-a/live", "{\"sample\": []}"), 400,
                "Unknown field 'sample'", "samples");
    }

    /** A number is a number of the right kind: 1.5 seconds is not silently 1, nor "10" silently 10. */
    @Test
    void aFractionForAWholeNumberOrANumberInQuotesIs400NamingTheField() throws IOException {
        agent("typed-a");
        agent("typed-b");
        int jobsBefore = json(get("/api/v1/jobs")).size();

        var fraction = createJob("""
                {"sut": "typed-a", "peer": "typed-b", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 1.5}]}""");
        assertProblem(fraction, 400, "'scenarios[0].durationSeconds' has a value of the wrong type");
        assertThat(json(fraction).get("field").stringValue()).isEqualTo("scenarios[0].durationSeconds");
        assertProblem(createJob("{\"sut\": \"typed-a\", \"peer\": \"typed-b\", \"repeat\": \"10\"}"), 400,
                "'repeat' has a value of the wrong type");
        assertProblem(createJob("""
                {"sut": "typed-a", "peer": "typed-b", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 2, "intervalSeconds": "0.5"}]}"""), 400,
                "'scenarios[0].intervalSeconds' has a value of the wrong type");
        assertThat(json(get("/api/v1/jobs")).size()).as("no job was created").isEqualTo(jobsBefore);
    }

    @Test
    void rerunStartsANewJobWithTheSameRequest() throws IOException {
        agent("again-a");
        agent("again-b");
        JsonNode first = json(createJob("""
                {"sut": "again-a", "peer": "again-b", "repeat": 2, "tags": ["nightly"], "onFailure": "stop",
                 "scenarios": [{"protocol": "UDP", "direction": "upload", "streams": 1, "durationSeconds": 4,
                                "intervalSeconds": 0.5, "omitSeconds": 1, "targetBitsPerSecond": 200000000},
                               {"protocol": "TCP", "direction": "download", "streams": 4, "durationSeconds": 3}]}"""));
        send("POST", "/api/v1/jobs/" + first.get("id").longValue() + "/cancel", API_TOKEN, null);

        var rerun = send("POST", "/api/v1/jobs/" + first.get("id").longValue() + "/rerun", API_TOKEN, null);

        assertThat(rerun.statusCode()).as(rerun.body()).isEqualTo(201);
        JsonNode again = json(rerun);
        assertThat(again.get("id").longValue()).isNotEqualTo(first.get("id").longValue());
        assertThat(rerun.headers().firstValue("Location")).hasValue("/api/v1/jobs/" + again.get("id").longValue());
        for (String field : List.of("sut", "peer", "plan", "repeat", "tags", "onFailure", "durationSeconds")) {
            assertThat(again.get(field)).as(field).isEqualTo(first.get(field));
        }
        assertThat(scenarioShapes(again)).isEqualTo(scenarioShapes(first)).hasSize(4);
        assertProblem(send("POST", "/api/v1/jobs/" + first.get("id").longValue() + "/rerun", null, null), 401,
                "API token");
        assertProblem(send("POST", "/api/v1/jobs/999999/rerun", API_TOKEN, null), 404, "no job 999999");
    }

    @Test
    void aJobsLabelsGoOnEveryRunAndOneRelabelChangesThemAllWithHistory() throws IOException {
        TestAgent sut = agent("lbl-sut");
        agent("lbl-peer");
        assertProblem(createJob("""
                {"sut": "lbl-sut", "peer": "lbl-peer", "plan": "standard",
                 "labels": {"driver": "%s", "instanceType": "t4g.large"}}""".formatted("d".repeat(201))), 400,
                "labels.driver must be at most 200 characters");
        JsonNode created = json(createJob("""
                {"sut": "lbl-sut", "peer": "lbl-peer", "tags": ["lab"],
                 "labels": {"driver": "ENA ARM64 2.2.1 build b", "instanceType": "c6gn.large", "tags": ["b"]},
                 "scenarios": [{"protocol": "TCP", "durationSeconds": 10}, {"protocol": "TCP", "durationSeconds": 10}]}
                """));
        long jobId = created.get("id").longValue();
        assertThat(created.get("labels").toString()).isEqualTo(
                "{\"driver\":\"ENA ARM64 2.2.1 build b\",\"instanceType\":\"c6gn.large\",\"tags\":[\"b\",\"lab\"]}");
        List<Long> runIds = new ArrayList<>();
        for (int position = 0; position < 2; position++) {
            JsonNode scenario = awaitScenario(jobId, position, "RUNNING").get("scenarios").get(position);
            // outputs no other test posts: the same bytes again would be the same run
            String sample = List.of("iperf3-318-tcp-1-upload.json", "iperf3-318-tcp-4-upload.json").get(position);
            runIds.add(json(sut.postResult(result(scenario, jobId, sample))).get("runId").longValue());
        }
        for (long runId : runIds) { // the agent's facts said ena 2.11.0 on a t4g.large: the job's labels win
            JsonNode run = json(get("/api/v1/runs/" + runId));
            assertThat(run.get("driver").stringValue()).isEqualTo("ENA ARM64 2.2.1 build b");
            assertThat(run.get("instanceType").stringValue()).isEqualTo("c6gn.large");
            assertThat(run.get("tags").toString()).isEqualTo("[\"b\",\"lab\"]");
        }

        String labels = "/api/v1/jobs/" + jobId + "/labels";
        assertProblem(send("PATCH", labels, API_TOKEN, "{\"driver\": 5, \"sut\": \"x\", \"tags\": \"c\"}"), 400,
                "driver must be a string or null, not 5", "sut is not a label of a whole job",
                "tags must be a list of strings");
        assertProblem(send("PATCH", labels, API_TOKEN, "{\"instanceType\": \"%s\"}".formatted("t".repeat(65))),
                400, "instanceType must be at most 64 characters");
        assertProblem(send("PATCH", labels, null, "{\"driver\": \"x\"}"), 401, "API token");
        assertProblem(send("PATCH", "/api/v1/jobs/999999/labels", API_TOKEN, "{\"driver\": \"x\"}"), 404,
                "no job 999999");
        var relabelled = send("PATCH", labels, API_TOKEN,
                "{\"driver\": \"ENA ARM64 2.2.1 build c\", \"tags\": [\"c\"]}");

        assertThat(relabelled.statusCode()).as(relabelled.body()).isEqualTo(200);
        assertThat(json(relabelled).get("labels").toString()).isEqualTo(
                "{\"driver\":\"ENA ARM64 2.2.1 build c\",\"instanceType\":\"c6gn.large\",\"tags\":[\"c\"]}");
        for (long runId : runIds) {
            JsonNode run = json(get("/api/v1/runs/" + runId));
            assertThat(run.get("driver").stringValue()).isEqualTo("ENA ARM64 2.2.1 build c");
            assertThat(run.get("instanceType").stringValue()).isEqualTo("c6gn.large");
            assertThat(run.get("tags").toString()).isEqualTo("[\"c\"]");
            JsonNode history = json(get("/api/v1/runs/" + runId + "/history"));
            assertThat(history).hasSize(2).anySatisfy(change -> {
                assertThat(change.get("field").stringValue()).isEqualTo("driver");
                assertThat(change.get("oldValue").stringValue()).isEqualTo("ENA ARM64 2.2.1 build b");
                assertThat(change.get("newValue").stringValue()).isEqualTo("ENA ARM64 2.2.1 build c");
                assertThat(change.get("changedBy").stringValue()).isNotBlank();
            });
        }
        var rerun = json(send("POST", "/api/v1/jobs/" + jobId + "/rerun", API_TOKEN, null));
        assertThat(rerun.get("labels")).isEqualTo(json(relabelled).get("labels"));
    }

    @Test
    void aRunWhoseAgentCouldNotTellTheDriverSaysWhy() throws IOException {
        TestAgent sut = agent("why-sut");
        agent("why-peer");
        long jobId = json(createJob("""
                {"sut": "why-sut", "peer": "why-peer", "scenarios": [{"protocol": "TCP", "durationSeconds": 10}]}
                """)).get("id").longValue();
        JsonNode scenario = awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String facts = """
                {"osName": "Linux", "routeInterface": "eth0",
                 "interfaces": [{"name": "eth0", "driverUnknown": "no ethtool, no sysfs entry"}]}""";

        long runId = json(sut.postResult(JobApiClient.result(scenario, jobId,
                AgentResult.of("iperf3-318-tcp-1-download.json").withFacts(facts)))).get("runId").longValue();

        assertThat(json(get("/api/v1/runs/" + runId)).get("driver").stringValue())
                .isEqualTo("driver unknown: no ethtool, no sysfs entry");
    }

    @Test
    void aJobOfTwoPairsShowsItsDesignAndRunsAgainInTheSameOrder() throws IOException {
        for (String name : List.of("ab-a", "ab-b", "ab-c", "ab-d")) {
            agent(name);
        }
        var created = createJob("""
                {"pairs": [{"sut": "ab-a", "peer": "ab-b"}, {"sut": "ab-c", "peer": "ab-d"}], "repeat": 2,
                 "order": "randomized", "seed": 1234, "coolDownSeconds": 30,
                 "scenarios": [{"protocol": "TCP", "durationSeconds": 2},
                               {"protocol": "TCP", "direction": "download", "durationSeconds": 2}]}""");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode job = json(created);
        assertThat(job.get("pairs").toString()).isEqualTo(
                "[{\"sut\":\"ab-a\",\"peer\":\"ab-b\"},{\"sut\":\"ab-c\",\"peer\":\"ab-d\"}]");
        assertThat(job.get("order").stringValue()).isEqualTo("randomized");
        assertThat(job.get("seed").longValue()).isEqualTo(1234);
        assertThat(job.get("coolDownSeconds").intValue()).isEqualTo(30);
        assertThat(job.get("sut").stringValue()).isEqualTo("ab-a");
        assertThat(job.get("scenarios")).hasSize(8);
        for (JsonNode scenario : job.get("scenarios")) {
            String pair = scenario.get("sut").stringValue() + "/" + scenario.get("peer").stringValue();
            assertThat(pair).isEqualTo(scenario.get("pair").intValue() == 0 ? "ab-a/ab-b" : "ab-c/ab-d");
        }
        send("POST", "/api/v1/jobs/" + job.get("id").longValue() + "/cancel", API_TOKEN, null);

        JsonNode again = json(send("POST", "/api/v1/jobs/" + job.get("id").longValue() + "/rerun", API_TOKEN,
                null));
        for (String field : List.of("pairs", "order", "seed", "coolDownSeconds", "repeat")) {
            assertThat(again.get(field)).as(field).isEqualTo(job.get(field));
        }
        assertThat(pairShapes(again)).isEqualTo(pairShapes(job));
        send("POST", "/api/v1/jobs/" + again.get("id").longValue() + "/cancel", API_TOKEN, null);
    }

    @Test
    void badDesignsAre400InWordsAndStartNothing() throws IOException {
        agent("design-a");
        agent("design-b");
        int jobsBefore = json(get("/api/v1/jobs")).size();

        assertProblem(createJob("{\"sut\": \"design-a\", \"peer\": \"design-b\", \"plan\": \"standard\", "
                + "\"coolDownSeconds\": \"auto\"}"), 400, "coolDownSeconds 'auto'", "design-a has no upload burst "
                + "probe yet", "design-a has no download burst probe yet", "run plan 'burst-probe' with sut design-a");
        assertProblem(createJob("{\"sut\": \"design-a\", \"peer\": \"design-b\", \"plan\": \"standard\", "
                + "\"coolDownSeconds\": -5, \"order\": \"alternating\", \"seed\": 3}"), 400,
                "coolDownSeconds must be between 0 and 3600, not -5", "order must be one of 'sequential', "
                        + "'interleaved', 'randomized', not 'alternating'", "seed only applies to order 'randomized'");
        assertProblem(createJob("{\"pairs\": [{\"sut\": \"design-a\", \"peer\": \"design-b\"}, "
                + "{\"sut\": \"design-b\", \"peer\": \"nobody\"}], \"plan\": \"standard\"}"), 400,
                "pairs[1].peer: no agent named 'nobody' is registered");
        assertProblem(createJob("{\"pairs\": [{\"sut\": \"design-a\", \"pear\": \"design-b\"}], "
                + "\"plan\": \"standard\"}"), 400, "Unknown field 'pairs[0].pear'", "peer");
        assertThat(json(get("/api/v1/jobs")).size()).as("no job was created").isEqualTo(jobsBefore);
    }

    /** Which pair runs which scenario, in order. */
    private static List<String> pairShapes(JsonNode job) {
        List<String> shapes = new ArrayList<>();
        for (JsonNode s : job.get("scenarios")) {
            shapes.add(s.get("pair") + " " + s.get("repetition") + " " + s.get("direction").stringValue());
        }
        return shapes;
    }

    private static List<String> scenarioShapes(JsonNode job) {
        List<String> shapes = new ArrayList<>();
        for (JsonNode s : job.get("scenarios")) {
            shapes.add(s.get("repetition") + " " + s.get("protocol").stringValue() + " " + s.get("direction")
                    .stringValue() + " " + s.get("streams") + " " + s.get("durationSeconds") + " "
                    + s.get("intervalSeconds") + " " + s.get("omitSeconds") + " " + s.get("targetBitsPerSecond"));
        }
        return shapes;
    }

    @Test
    void theStandardPlanIsSevenScenariosPerRepeatWithTheDurationOverridden() throws IOException {
        agent("plan-a");
        agent("plan-b");

        var created = createJob("""
                {"sut": "plan-a", "peer": "plan-b", "plan": "standard", "repeat": 2, "durationSeconds": 3,
                 "tags": ["nightly", "arm"], "onFailure": "stop"}""");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode job = json(created);
        assertThat(created.headers().firstValue("Location")).hasValue("/api/v1/jobs/" + job.get("id").longValue());
        assertThat(job.get("tags").toString()).isEqualTo("[\"arm\",\"nightly\"]");
        JsonNode scenarios = job.get("scenarios");
        assertThat(scenarios.size()).isEqualTo(14);
        List<String> first = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            JsonNode s = scenarios.get(i);
            first.add(s.get("protocol").stringValue() + " " + s.get("streams").intValue() + " "
                    + s.get("direction").stringValue() + " " + s.path("targetBitsPerSecond").asString("-"));
            assertThat(s.get("durationSeconds").intValue()).isEqualTo(3);
            assertThat(s.get("intervalSeconds").doubleValue()).isEqualTo(1.0); // shrunk with the 3 s duration
        }
        assertThat(first).containsExactly("TCP 1 upload -", "TCP 4 upload -", "TCP 1 download -",
                "TCP 4 download -", "UDP 1 upload 1000000000", "UDP 1 upload 5000000000", "UDP_RR 1 upload -");
        assertThat(scenarios.get(6).get("messageBytes").intValue()).isEqualTo(64);
        assertThat(scenarios.get(6).get("tool").stringValue()).isEqualTo("burstline-java");
        assertThat(job.get("latencyProbe").booleanValue()).isTrue();
        assertThat(scenarios.get(13).get("repetition").intValue()).isEqualTo(2);
    }

    @Test
    void resultsBecomeRunsWithTheJobsMetadataAndTheAgentsFacts() throws IOException {
        TestAgent sut = agent("res-sut");
        TestAgent peer = agent("res-peer");
        long jobId = json(createJob("""
                {"sut": "res-sut", "peer": "res-peer", "tags": ["lab"], "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 10, "intervalSeconds": 1},
                  {"protocol": "UDP", "durationSeconds": 10, "targetBitsPerSecond": 1000000000}]}""")).get("id")
                .longValue();

        JsonNode first = awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        Eventually.await("the SUT to be told to run the scenario", PATIENCE, () -> sut.calls,
                calls -> calls.stream().anyMatch(call -> call.startsWith("/v1/scenarios ")));
        assertThat(peer.calls).anyMatch(call -> call.startsWith("/v1/iperf3-server") && call.contains("\"port\""));
        assertThat(sut.calls).anyMatch(call -> call.contains("\"peerHost\":\"127.0.0.1\""));
        String result = result(first, jobId, "iperf3-312-tcp-1-download.json");
        var stored = sut.postResult(result);
        var again = sut.postResult(result);

        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        long runId = json(stored).get("runId").longValue();
        assertThat(json(again).get("runId").longValue()).isEqualTo(runId);
        JsonNode run = json(get("/api/v1/runs/" + runId));
        assertThat(run.get("sut").stringValue()).isEqualTo("res-sut");
        assertThat(run.get("peer").stringValue()).isEqualTo("res-peer");
        assertThat(run.get("driver").stringValue()).isEqualTo("ena 2.11.0");
        assertThat(run.get("instanceType").stringValue()).isEqualTo("t4g.large");
        assertThat(run.get("tags").toString()).isEqualTo("[\"lab\"]");
        assertThat(run.get("jobId").longValue()).isEqualTo(jobId);
        assertThat(run.get("intervalCount").intValue()).isPositive();
        JsonNode environment = json(get("/api/v1/runs/" + runId + "/environment"));
        assertThat(environment.get("hostFacts").get("routeInterface").stringValue()).isEqualTo("eth0");
        assertThat(environment.get("nicCounters").get("delta").get("tx_bytes").longValue()).isEqualTo(123456);
        assertThat(environment.get("command").get(0).stringValue()).isEqualTo("iperf3");
        assertThat(json(get("/api/v1/runs?job=" + jobId)).get("content").size()).isEqualTo(1);
        JsonNode results = json(get("/api/v1/jobs/" + jobId + "/results"));
        assertThat(results.get("hosts").get(0).get("text").stringValue())
                .isEqualTo("SUT res-sut: t4g.large, burst 5 Gbit/s, baseline 512 Mbit/s; driver ena 2.11.0");
        assertThat(results.get("hosts").get(1).get("role").stringValue()).isEqualTo("peer");
        // no reading names the peer's driver (it answered none): the interface holding its test address does
        assertThat(results.get("hosts").get(1).get("text").stringValue())
                .isEqualTo("Peer res-peer: t4g.large, burst 5 Gbit/s, baseline 512 Mbit/s; driver ena 2.11.0");
        JsonNode sentence = results.get("answer").get("sentences").get(0);
        assertThat(sentence.get("text").stringValue()).startsWith("TCP download ");
        assertThat(sentence.get("covers").toString()).isEqualTo("[1]");
        assertThat(sentence.get("verdicts").get(0).stringValue()).isEqualTo(run.get("verdict").get("id").stringValue());
        assertThat(results.get("answer").get("text").stringValue()).isEqualTo(sentence.get("text").stringValue());

        JsonNode second = awaitScenario(jobId, 1, "RUNNING").get("scenarios").get(1);
        var failed = sut.postResult(failedResult(second, jobId, "unable to connect to server: Connection refused"));

        assertThat(failed.statusCode()).isEqualTo(200);
        assertThat(json(failed).get("runId").isNull()).isTrue();
        JsonNode job = Eventually.await("the job to end", PATIENCE, () -> job(jobId),
                view -> view.get("status").stringValue().equals("FAILED"));
        assertThat(job.get("scenarios").get(0).get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(job.get("scenarios").get(0).get("runId").longValue()).isEqualTo(runId);
        assertThat(job.get("scenarios").get(1).get("error").stringValue()).contains("Connection refused");
        assertThat(job.get("error").stringValue()).isEqualTo("1 of 2 scenarios did not succeed");
    }

    @Test
    void cancellingARunningJobStopsTheScenarioOnTheAgent() throws IOException {
        TestAgent sut = agent("cancel-sut");
        agent("cancel-peer");
        long jobId = json(createJob("{\"sut\": \"cancel-sut\", \"peer\": \"cancel-peer\", \"plan\": \"standard\"}"))
                .get("id").longValue();
        awaitScenario(jobId, 0, "RUNNING");

        assertProblem(send("POST", "/api/v1/jobs/" + jobId + "/cancel", null, null), 401, "API token");
        var cancelled = send("POST", "/api/v1/jobs/" + jobId + "/cancel", API_TOKEN, null);

        assertThat(cancelled.statusCode()).isEqualTo(200);
        assertThat(json(cancelled).get("status").stringValue()).isEqualTo("CANCELLED");
        assertThat(json(cancelled).get("scenarios").get(5).get("status").stringValue()).isEqualTo("CANCELLED");
        Eventually.await("the SUT to be told to cancel", PATIENCE, () -> sut.calls,
                calls -> calls.stream().anyMatch(call -> call.startsWith("/v1/scenarios/cancel")));
        assertProblem(send("POST", "/api/v1/jobs/" + jobId + "/cancel", API_TOKEN, null), 409, "already finished");
    }

    @Test
    void anUnreachableAgentFailsTheScenarioInWordsAndTheSutCannotReportOnItsUndispatchedScenario()
            throws IOException {
        TestAgent sut = agent("gone-sut");
        TestAgent peer = agent("gone-peer");
        peer.stopApi();
        long jobId = json(createJob("""
                {"sut": "gone-sut", "peer": "gone-peer", "onFailure": "stop", "scenarios": [
                  {"protocol": "TCP", "streams": 4, "durationSeconds": 2},
                  {"protocol": "TCP", "durationSeconds": 2}]}""")).get("id").longValue();

        JsonNode job = Eventually.await("the job to fail", PATIENCE, () -> job(jobId),
                view -> view.get("status").stringValue().equals("FAILED"));

        JsonNode first = job.get("scenarios").get(0);
        assertThat(first.get("error").stringValue()).contains("agent gone-peer at", "could not be reached");
        assertThat(job.get("scenarios").get(1).get("status").stringValue()).isEqualTo("SKIPPED");
        // the peer never started its iperf3 server, so the SUT was never sent the scenario: a result is a forgery
        assertThat(sut.calls).noneMatch(call -> call.startsWith("/v1/scenarios {"));
        assertProblem(sut.post("/api/v1/agents/gone-sut/results", result(first, jobId,
                "iperf3-312-tcp-4-upload.json")), 403, "was not dispatched to agent gone-sut");
        assertThat(json(get("/api/v1/runs?job=" + jobId)).get("content").size()).isZero();
        assertThat(job(jobId).get("scenarios").get(0).get("runId").isNull()).isTrue();
        assertThat(get("/actuator/health").statusCode()).isEqualTo(200);
    }

    @Test
    void liveSamplesOfTheRunningScenarioReachTheJobsEventStreamAndOthersAreRefused() throws Exception {
        TestAgent sut = agent("live-sut");
        agent("live-peer");
        long jobId = json(createJob("""
                {"sut": "live-sut", "peer": "live-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 30, "intervalSeconds": 1}]}""")).get("id").longValue();
        JsonNode scenario = awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String missed = live(jobId, scenario, 4.7e9);
        String stale = "{\"jobId\": " + jobId + ", \"scenarioId\": " + scenario.get("id").longValue()
                + ", \"attempt\": 99, \"source\": \"iperf3\", \"samples\": [{\"start\": 0, \"end\": 1, "
                + "\"bitsPerSecond\": 1.5e9, \"stream\": \"sum\"}]}";

        assertThat(sut.postReport("/live", missed).statusCode()).isEqualTo(204);
        assertProblem(sut.postReport("/live", stale), 403, "attempt 99 was not dispatched");
        HttpResponse<Stream<String>> stream = HttpClient.newHttpClient().send(HttpRequest
                .newBuilder(URI.create(base() + "/api/v1/jobs/" + jobId + "/events"))
                .header("Authorization", "Bearer " + API_TOKEN).build(),
                HttpResponse.BodyHandlers.ofLines());
        var lines = stream.body().iterator();

        assertThat(stream.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
        assertThat(nextData(lines, "job")).contains("\"status\":\"RUNNING\"");
        assertThat(nextData(lines, "samples")).contains("4.7E9");
        sut.postReport("/live", live(jobId, scenario, 2.5e9));
        assertThat(nextData(lines, "samples")).contains("2.5E9").doesNotContain("1.5E9");
        send("POST", "/api/v1/jobs/" + jobId + "/cancel", API_TOKEN, null);
        assertThat(nextData(lines, "job")).contains("\"status\":\"CANCELLED\"");
        stream.body().close();
    }

    /** A stream opened with a token ends when the token is revoked, and carries nothing after. */
    @Test
    void anEventStreamEndsWhenItsTokenIsRevoked() throws Exception {
        TestAgent sut = agent("revoke-sut");
        agent("revoke-peer");
        long jobId = json(createJob("""
                {"sut": "revoke-sut", "peer": "revoke-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 30, "intervalSeconds": 1}]}""")).get("id").longValue();
        JsonNode scenario = awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        JsonNode issued = json(send("POST", "/api/v1/tokens", API_TOKEN, "{\"name\": \"stream-" + System.nanoTime()
                + "\", \"role\": \"viewer\"}"));
        HttpResponse<Stream<String>> stream = HttpClient.newHttpClient().send(HttpRequest
                        .newBuilder(URI.create(base() + "/api/v1/jobs/" + jobId + "/events"))
                        .header("Authorization", "Bearer " + issued.get("secret").stringValue()).build(),
                HttpResponse.BodyHandlers.ofLines());
        var lines = stream.body().iterator();
        assertThat(nextData(lines, "job")).contains("\"status\":\"RUNNING\"");

        send("DELETE", "/api/v1/tokens/" + issued.get("token").get("id").longValue(), API_TOKEN, null);
        sut.postReport("/live", live(jobId, scenario, 3.3e9));

        String after = CompletableFuture.supplyAsync(() -> {
            StringBuilder rest = new StringBuilder();
            try {
                lines.forEachRemaining(line -> rest.append(line).append('\n'));
            } catch (java.io.UncheckedIOException closedByTheServer) {
                // the stream ended: what matters is what it carried before
            }
            return rest.toString();
        }).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertThat(after).as("what the stream carried after its token was revoked").doesNotContain("3.3E9");
        send("POST", "/api/v1/jobs/" + jobId + "/cancel", API_TOKEN, null);
    }

    private static String live(long jobId, JsonNode scenario, double bitsPerSecond) {
        return "{\"jobId\": " + jobId + ", \"scenarioId\": " + scenario.get("id").longValue() + ", \"attempt\": "
                + scenario.get("attempt").intValue() + ", \"source\": \"interface-counters\", \"samples\": "
                + "[{\"start\": 0.0, \"end\": 1.0, \"bitsPerSecond\": " + bitsPerSecond + ", \"stream\": \"sum\"}]}";
    }

    /** The data of the next event with this name; a stream that stops sending fails the test instead of hanging. */
    private static String nextData(Iterator<String> lines, String event) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            boolean named = false;
            while (lines.hasNext()) {
                String line = lines.next();
                if (line.equals("event:" + event)) {
                    named = true;
                } else if (named && line.startsWith("data:")) {
                    return line.substring("data:".length());
                }
            }
            throw new AssertionError("the event stream ended before a '" + event + "' event");
        }).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
    }
}
