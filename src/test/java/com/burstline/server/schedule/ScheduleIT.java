package com.burstline.server.schedule;

import com.burstline.agent.AgentProcess;
import com.burstline.contract.Json;
import com.burstline.contract.LatencyReport;
import com.burstline.iperf.Samples;
import com.burstline.server.BurstlineApplication;
import com.burstline.server.job.Eventually;
import com.burstline.server.job.JobApiClient;
import com.burstline.server.job.TestAgent;
import com.burstline.server.latency.LatencyStore;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.LatencyReports;
import com.burstline.testsupport.TestPorts;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.JSON;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Schedules end to end: the server in-process, two real agent processes on loopback measuring with real iperf3, a
 * schedule firing every 2 s. A job of one 3 s scenario is still running at the next fire, which is skipped and
 * recorded. For the webhook, the pair's series starts with five real 5 Gbit/s-shaped lab runs (uploaded), then the
 * schedule's jobs measure TCP paced to 1 Gbit/s: once the new level is significant, a real local HTTP listener
 * receives the change point, once. A latency change point at the same throughput is told the same way (the test
 * plays the agents there: the doubled round trips are what it sends).
 */
class ScheduleIT {
    private static final Duration PATIENCE = Duration.ofMinutes(3);
    private static final List<String> FAST_RUNS = List.of("iperf3-312-tcp-1-upload.json",
            "iperf3-318-tcp-1-upload.json", "iperf3-318-tcp-1-upload-stream.json",
            "iperf3-312-tcp-1-upload-server-lab.json", "iperf3-312-tcp-1-upload-4950m-server-lab.json");

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static String serverUrl;
    private static JobApiClient api;
    private static ApiClient uploads;
    private final List<AgentProcess> agents = new ArrayList<>();

    @BeforeAll
    static void startServer() throws IOException {
        server = new SpringApplicationBuilder(BurstlineApplication.class).run("--server.port=0",
                "--burstline.data-dir=" + workDir.resolve("data"), "--burstline.api-token=" + ApiClient.TOKEN,
                "--burstline.agent-token=" + AGENT_TOKEN, "--burstline.agents.heartbeat-seconds=1",
                "--burstline.jobs.iperf3-port=" + TestPorts.iperf3Pool(),
                "--burstline.schedules.webhook-allowed-networks=127.0.0.0/8");
        int port = ((WebServerApplicationContext) server).getWebServer().getPort();
        serverUrl = "http://127.0.0.1:" + port;
        api = new JobApiClient(serverUrl, ApiClient.TOKEN);
        uploads = new ApiClient(port);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @AfterEach
    void stopAgents() throws InterruptedException {
        for (AgentProcess agent : agents) {
            agent.close();
        }
    }

    @Test
    void aScheduleEveryFewSecondsStartsJobsAndSkipsAnOverlappingOne() throws Exception {
        startAgents("sched-sut", "sched-peer");
        long id = create("""
                {"name": "every 2 s", "cron": "*/2 * * * * *", "timeZone": "Europe/Berlin", "jobTemplate":
                 {"sut": "sched-sut", "peer": "sched-peer", "tags": ["scheduled"],
                  "scenarios": [{"protocol": "TCP", "durationSeconds": 3, "intervalSeconds": 1}]}}""");

        JsonNode history = Eventually.await("two jobs started and a run skipped", PATIENCE, () -> history(id),
                events -> count(events, "STARTED") >= 2 && count(events, "SKIPPED") >= 1);
        pause(id);
        List<Long> started = jobIds(history(id), "STARTED");
        for (long jobId : started) {
            JsonNode job = awaitEnd(jobId);
            assertThat(job.get("scheduleId").longValue()).isEqualTo(id);
            assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
            JsonNode run = json(api.get("/api/v1/runs/" + job.get("scenarios").get(0).get("runId").longValue()));
            assertThat(run.get("jobId").longValue()).isEqualTo(jobId);
            assertThat(run.get("tags").toString()).isEqualTo("[\"scheduled\"]");
        }
        System.out.println("The schedule's history: " + history);
        JsonNode skipped = first(history, "SKIPPED");
        long overlapped = skipped.get("jobId").longValue();
        assertThat(started).contains(overlapped);
        assertThat(skipped.get("detail").stringValue()).matches("skipped the run due at \\S+ because job "
                + overlapped + " is still (running|queued)");
        JsonNode overlappedJob = api.job(overlapped);
        assertThat(Instant.parse(skipped.get("at").stringValue()))
                .isAfterOrEqualTo(Instant.parse(overlappedJob.get("createdAt").stringValue()));
        JsonNode schedule = json(api.get("/api/v1/schedules/" + id));
        assertThat(schedule.get("lastJobId").longValue()).isEqualTo(started.get(0));
        assertThat(api.get("/jobs/" + started.get(0)).body()).as("the job page links its schedule")
                .contains("href=\"/schedules/" + id + "\"");
        assertThat(schedule.get("state").stringValue()).isEqualTo("PAUSED");
    }

    @Test
    void aScheduleTellsItsWebhookOnceWhenItsRunsStartASignificantChange() throws Exception {
        startAgents("hook-sut", "hook-peer");
        for (String file : FAST_RUNS) {
            HttpResponse<String> uploaded = uploads.upload(Samples.bytes(file), file.contains("stream.json")
                    ? "application/x-ndjson" : "application/json", "?sut=hook-sut&peer=hook-peer&driver=2.2.1");
            assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
        }
        List<Post> posts = new CopyOnWriteArrayList<>();
        HttpServer listener = listener(posts);
        try {
            JsonNode created = created("""
                    {"name": "paced to 1 Gbit/s", "cron": "*/2 * * * * *", "notifyUrl": "http://127.0.0.1:%d/hook",
                     "jobTemplate": {"sut": "hook-sut", "peer": "hook-peer", "repeat": 3, "scenarios": [
                       {"protocol": "TCP", "durationSeconds": 2, "intervalSeconds": 1,
                        "targetBitsPerSecond": 1000000000}]}}""".formatted(listener.getAddress().getPort()));
            long id = created.get("id").longValue();
            String secret = created.get("webhookSecret").stringValue();
            assertThat(json(api.get("/api/v1/schedules/" + id)).has("webhookSecret")).as("the key is shown once")
                    .isFalse();

            Eventually.await("the webhook to receive a change point", PATIENCE, posts::size,
                    size -> size > 0);
            JsonNode notice = JSON.readTree(posts.get(0).body());
            assertThat(posts.get(0).signature()).as("signed with the schedule's key")
                    .isEqualTo(WebhookSignature.header(secret, posts.get(0).body().getBytes(StandardCharsets.UTF_8)));
            System.out.println("The webhook received: " + notice);
            // the first paced run stored (run ids grow with time): under load a job's first scenario may fail
            long firstPacedRun = jobIds(history(id), "STARTED").stream()
                    .flatMap(job -> api.job(job).get("scenarios").valueStream())
                    .map(scenario -> scenario.get("runId")).filter(run -> !run.isNull())
                    .mapToLong(JsonNode::longValue).min().orElseThrow();
            assertThat(notice.get("event").stringValue()).isEqualTo("change-point");
            assertThat(notice.get("schedule").get("id").longValue()).isEqualTo(id);
            assertThat(notice.get("schedule").get("name").stringValue()).isEqualTo("paced to 1 Gbit/s");
            assertThat(notice.get("changeRun").get("id").longValue()).isEqualTo(firstPacedRun);
            assertThat(notice.get("scenario").stringValue()).isEqualTo("TCP 1 stream upload");
            assertThat(notice.get("beforeBitsPerSecond").doubleValue()).isBetween(4.3e9, 4.8e9);
            assertThat(notice.get("afterBitsPerSecond").doubleValue()).isCloseTo(1e9, within(0.1e9));
            assertThat(notice.get("changePercent").doubleValue()).isLessThan(-70);
            assertThat(notice.get("pValue").doubleValue()).isLessThanOrEqualTo(0.01);
            assertThat(notice.get("significanceLevel").doubleValue()).isEqualTo(0.01);
            assertThat(notice.get("description").stringValue()).startsWith("TCP 1 stream upload on hook-sut → "
                    + "hook-peer dropped");
            assertThat(notice.get("link").stringValue()).isEqualTo("/trends?sut=hook-sut&peer=hook-peer"
                    + "&protocol=TCP&direction=upload&streams=1");
            JsonNode job = api.job(notice.get("job").get("id").longValue());
            assertThat(job.get("scheduleId").longValue()).isEqualTo(id);
            assertThat(job.get("scenarios").valueStream().map(s -> s.get("runId").longValue()))
                    .contains(notice.get("run").get("id").longValue());
            JsonNode told = first(history(id), "NOTIFIED");
            assertThat(told.get("runId").longValue()).isEqualTo(firstPacedRun);

            long notifiedJob = told.get("jobId").longValue();
            Eventually.await("a later job of the schedule to end", PATIENCE, () -> jobIds(history(id), "STARTED"),
                    ids -> ids.get(0) > notifiedJob && !api.job(ids.get(0)).get("status").stringValue()
                            .matches("QUEUED|RUNNING"));
            pause(id);
            Thread.sleep(2000);
            assertThat(posts).as("the same change is told once").hasSize(1);
        } finally {
            listener.stop(0);
        }
    }

    /**
     * Issue 31's driver update, caught by a schedule: the pair's series starts with seven runs of a real lab output
     * carrying the probe's real report; the schedule's job, played by test agents, sends six runs of another output
     * at the same rate (4.781 and 4.782 Gbit/s) whose report has every round trip doubled. The webhook is told of the
     * latency change point (higher is worse), once, and of no throughput change.
     */
    @Test
    void aLatencyChangePointAtTheSameThroughputIsToldToo() throws Exception {
        LatencyReport probe = LatencyReports.probe();
        Told told = scheduleWithDoubledRoundTrips("lat", "iperf3-312-tcp-1-upload-server-lab.json");

        assertThat(told.posts()).as("one notice: the throughput stayed, and the change is told once").hasSize(1);
        JsonNode notice = told.posts().get(0);
        assertThat(notice.get("event").stringValue()).isEqualTo("change-point");
        assertThat(notice.get("figure").stringValue()).isEqualTo("loaded-p99");
        assertThat(notice.get("figureName").stringValue()).isEqualTo("p99 under load");
        assertThat(notice.get("unit").stringValue()).isEqualTo("ms");
        assertThat(notice.get("higherIsWorse").booleanValue()).isTrue();
        assertThat(notice.get("worse").booleanValue()).isTrue();
        assertThat(notice.get("before").doubleValue()).isEqualTo(probe.summary().loaded().p99Ms());
        assertThat(notice.get("after").doubleValue()).isEqualTo(2 * probe.summary().loaded().p99Ms());
        assertThat(notice.get("changePercent").doubleValue()).isCloseTo(100, within(1e-9));
        assertThat(notice.get("beforeBitsPerSecond").isNull()).isTrue();
        assertThat(notice.get("changeRun").get("id").longValue()).isEqualTo(told.runs().get(0));
        assertThat(notice.get("job").get("id").longValue()).isEqualTo(told.jobId());
        assertThat(notice.get("description").stringValue()).startsWith("TCP 1 stream upload on lat-sut → "
                + "lat-peer: p99 under load rose 100.0% from 380 ms to 759 ms (worse) at run " + told.runs().get(0));
        JsonNode line = first(history(told.scheduleId()), "NOTIFIED");
        assertThat(line.get("runId").longValue()).isEqualTo(told.runs().get(0));
        assertThat(line.get("figure").stringValue()).isEqualTo("loaded-p99");
    }

    /** A throughput drop and a latency rise that start at the same run are two changes: each is told, once. */
    @Test
    void aThroughputAndALatencyChangeAtTheSameRunAreToldApart() throws Exception {
        Told told = scheduleWithDoubledRoundTrips("both", "iperf3-312-tcp-1-upload-1g-server-lab.json");

        assertThat(told.posts()).extracting(notice -> notice.get("figure").stringValue())
                .containsExactlyInAnyOrder("received", "loaded-p99");
        assertThat(told.posts()).allSatisfy(notice -> {
            assertThat(notice.get("changeRun").get("id").longValue()).isEqualTo(told.runs().get(0));
            assertThat(notice.get("worse").booleanValue()).isTrue();
        });
        JsonNode throughput = told.posts().stream().filter(n -> n.get("figure").stringValue().equals("received"))
                .findFirst().orElseThrow();
        assertThat(throughput.get("beforeBitsPerSecond").doubleValue()).isEqualTo(throughput.get("before")
                .doubleValue());
        assertThat(throughput.get("afterBitsPerSecond").doubleValue()).isCloseTo(1e9, within(0.01e9));
        assertThat(throughput.get("higherIsWorse").booleanValue()).isFalse();
        assertThat(history(told.scheduleId()).valueStream()
                .filter(event -> event.get("kind").stringValue().equals("NOTIFIED"))
                .map(event -> event.get("figure").stringValue())).containsExactlyInAnyOrder("received", "loaded-p99");
    }

    /** What a schedule's webhook was told, and of which job and runs. */
    private record Told(long scheduleId, long jobId, List<Long> runs, List<JsonNode> posts) {
    }

    /**
     * Seven runs of a real lab output uploaded for the pair {@code name}-sut → {@code name}-peer, each with the
     * probe's real report; then a schedule whose one job, played by test agents, sends six runs of {@code later}
     * with that report's round trips doubled. Waits for the first post, then two seconds for any other.
     */
    private Told scheduleWithDoubledRoundTrips(String name, String later) throws Exception {
        String sutName = name + "-sut";
        String peerName = name + "-peer";
        LatencyStore latencies = server.getBean(LatencyStore.class);
        LatencyReport probe = LatencyReports.probe();
        for (int i = 0; i < 7; i++) {
            String output = JobApiClient.ownRun(new String(Samples.bytes("iperf3-312-tcp-1-upload.json"),
                    StandardCharsets.UTF_8), name.hashCode(), i, 1);
            HttpResponse<String> uploaded = uploads.upload(output.getBytes(StandardCharsets.UTF_8),
                    "application/json", "?sut=" + sutName + "&peer=" + peerName);
            assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
            latencies.insert(json(uploaded).get("id").longValue(), probe, LatencyStore.FROM_RESULT);
        }
        List<Post> posts = new CopyOnWriteArrayList<>();
        HttpServer listener = listener(posts);
        try (TestAgent sut = new TestAgent(serverUrl, AGENT_TOKEN, sutName).register();
             TestAgent peer = new TestAgent(serverUrl, AGENT_TOKEN, peerName).register()) {
            long id = create("""
                    {"name": "%s watch", "cron": "*/2 * * * * *", "notifyUrl": "http://127.0.0.1:%d/hook",
                     "jobTemplate": {"sut": "%s", "peer": "%s", "repeat": 6, "scenarios": [
                       {"protocol": "TCP", "durationSeconds": 2, "intervalSeconds": 1}]}}"""
                    .formatted(name, listener.getAddress().getPort(), sutName, peerName));
            long jobId = Eventually.await("the schedule to start a job", PATIENCE,
                    () -> json(api.get("/api/v1/schedules/" + id)), s -> !s.get("lastJobId").isNull())
                    .get("lastJobId").longValue();
            pause(id);
            JsonNode doubled = JSON.readTree(Json.write(LatencyReports.doubled(probe).toJson()));
            List<Long> runs = new ArrayList<>();
            for (int position = 0; position < 6; position++) {
                JsonNode scenario = api.awaitScenario(jobId, position, "RUNNING").get("scenarios").get(position);
                ObjectNode result = (ObjectNode) JSON.readTree(JobApiClient.result(scenario, jobId, later));
                result.set("latency", doubled);
                HttpResponse<String> stored = sut.postResult(result.toString());
                assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
                runs.add(json(stored).get("runId").longValue());
            }
            Eventually.await("the webhook to receive a change point", PATIENCE, posts::size, size -> size > 0);
            Thread.sleep(2000);
            System.out.println("The webhook received: " + posts);
            return new Told(id, jobId, runs, posts.stream().map(post -> JSON.readTree(post.body())).toList());
        } finally {
            listener.stop(0);
        }
    }

    /** A webhook post as it arrived: the body's exact text and its signature header. */
    private record Post(String body, String signature) {
    }

    private static HttpServer listener(List<Post> posts) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/hook", exchange -> {
            String type = exchange.getRequestHeaders().getFirst("Content-Type");
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if ("POST".equals(exchange.getRequestMethod()) && "application/json".equals(type)) {
                posts.add(new Post(body, exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER)));
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        http.start();
        return http;
    }

    private void startAgents(String sut, String peer) throws IOException {
        for (String name : List.of(sut, peer)) {
            agents.add(AgentProcess.start(serverUrl, AGENT_TOKEN, name, workDir));
        }
        for (String name : List.of(sut, peer)) {
            Eventually.await("agent " + name + " to register", JobApiClient.PATIENCE,
                    () -> api.get("/api/v1/agents/" + name), response -> response.statusCode() == 200
                            && json(response).get("online").booleanValue());
        }
    }

    private static long create(String json) {
        return created(json).get("id").longValue();
    }

    private static JsonNode created(String json) {
        HttpResponse<String> created = api.send("POST", "/api/v1/schedules", ApiClient.TOKEN, json);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created);
    }

    private static void pause(long id) {
        assertThat(api.send("POST", "/api/v1/schedules/" + id + "/pause", ApiClient.TOKEN, null).statusCode())
                .isEqualTo(200);
    }

    private static JsonNode history(long id) {
        return json(api.get("/api/v1/schedules/" + id + "/history?size=500"));
    }

    private static long count(JsonNode events, String kind) {
        return events.valueStream().filter(event -> event.get("kind").stringValue().equals(kind)).count();
    }

    private static JsonNode first(JsonNode events, String kind) {
        return events.valueStream().filter(event -> event.get("kind").stringValue().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in " + events));
    }

    /** Newest first, as the history lists them. */
    private static List<Long> jobIds(JsonNode events, String kind) {
        return events.valueStream().filter(event -> event.get("kind").stringValue().equals(kind))
                .map(event -> event.get("jobId").longValue()).toList();
    }

    private static JsonNode awaitEnd(long jobId) {
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                job -> !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()));
    }
}
