package com.burstline.server.job;

import com.burstline.contract.Direction;
import com.burstline.testsupport.TestPorts;

import com.burstline.contract.Protocol;

import com.burstline.contract.Scenario;
import com.burstline.agent.AgentProcess;
import com.burstline.server.job.planning.OrderedScenario;
import com.burstline.server.job.planning.RunOrder;
import com.burstline.server.job.planning.ScenarioOrder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The experiment design end to end: the server in-process and four real agents on loopback measuring with real
 * iperf3 (1 s scenarios). What is asserted is what the server stored: each scenario's start and end time.
 */
class ExperimentDesignIT {
    private static final String AB = "{\"sut\": \"xd-a\", \"peer\": \"xd-b\"}";
    private static final String CD = "{\"sut\": \"xd-c\", \"peer\": \"xd-d\"}";
    private static final String TCP_UP = "{\"protocol\": \"TCP\", \"durationSeconds\": 1, \"intervalSeconds\": 1}";
    private static final String TCP_DOWN = "{\"protocol\": \"TCP\", \"direction\": \"download\", "
            + "\"durationSeconds\": 1, \"intervalSeconds\": 1}";
    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static final List<AgentProcess> AGENTS = new ArrayList<>();

    @BeforeAll
    static void startServerAndFourAgents() throws IOException {
        server = JobApiClient.startServer(0, workDir.resolve("data"),
                "--burstline.jobs.iperf3-port=" + TestPorts.iperf3Pool());
        String url = "http://127.0.0.1:" + ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient(url);
        for (String name : List.of("xd-a", "xd-b", "xd-c", "xd-d")) {
            AGENTS.add(AgentProcess.start(url, AGENT_TOKEN, name, workDir));
        }
        for (String name : List.of("xd-a", "xd-b", "xd-c", "xd-d")) {
            Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200
                            && JobApiClient.json(response).get("online").booleanValue());
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        for (AgentProcess agent : AGENTS) {
            agent.close();
        }
        server.close();
    }

    @Test
    void anInterleavedJobRunsAbabAndComparesItsTwoPairs() {
        JsonNode job = run("{\"pairs\": [" + AB + ", " + CD + "], \"order\": \"interleaved\", \"repeat\": 2, "
                + "\"scenarios\": [" + TCP_UP + "]}");

        assertThat(byStart(job)).containsExactly("pair 0 rep 1 #0", "pair 1 rep 1 #0", "pair 0 rep 2 #0",
                "pair 1 rep 2 #0");
        JsonNode compare = JobApiClient.json(api.get("/api/v1/compare?job=" + job.get("id").longValue()
                + "&groupBy=pair&pair=xd-a/xd-b&pair=xd-c/xd-d"));
        JsonNode groups = compare.get("scenarios").get(0).get("groups");
        assertThat(groups).hasSize(2);
        assertThat(groups.get(0).get("group").stringValue()).isEqualTo("xd-a/xd-b");
        assertThat(groups.get(0).get("n").intValue()).isEqualTo(2);
        assertThat(groups.get(1).get("group").stringValue()).isEqualTo("xd-c/xd-d");
        assertThat(groups.get(1).get("n").intValue()).isEqualTo(2);
        assertThat(compare.get("scenarios").get(0).get("comparison").get("baseline").stringValue())
                .isEqualTo("xd-a/xd-b");
    }

    @Test
    void aRandomizedJobRunsInItsSeedsOrderAndTheSeedReproducesIt() {
        String request = "{\"pairs\": [" + AB + ", " + CD + "], \"order\": \"randomized\", \"seed\": 20261201, "
                + "\"scenarios\": [" + TCP_UP + ", " + TCP_DOWN + "]}";
        JsonNode job = run(request);

        List<OrderedScenario> seeds = ScenarioOrder.of(RunOrder.RANDOMIZED, List.of(
                planned(com.burstline.contract.Direction.UPLOAD), planned(com.burstline.contract.Direction.DOWNLOAD)),
                2, 1, 20261201);
        List<String> expected = seeds.stream().map(s -> "pair " + s.pair() + " rep 1 #" + s.index()).toList();
        assertThat(expected).as("the seed's order is not one of the fixed ones").isNotEqualTo(List.of(
                "pair 0 rep 1 #0", "pair 1 rep 1 #0", "pair 0 rep 1 #1", "pair 1 rep 1 #1"));
        assertThat(byStart(job)).isEqualTo(expected);
        assertThat(job.get("seed").longValue()).isEqualTo(20261201);

        JsonNode again = JobApiClient.json(api.createJob(request));
        api.send("POST", "/api/v1/jobs/" + again.get("id").longValue() + "/cancel", API_TOKEN, null);
        assertThat(positions(again)).isEqualTo(expected);
    }

    @Test
    void aCoolDownKeepsTheHostIdleBetweenScenariosAndTheJobSaysItWaits() {
        var created = api.createJob("{\"sut\": \"xd-a\", \"peer\": \"xd-b\", \"coolDownSeconds\": 4, "
                + "\"scenarios\": [" + TCP_UP + ", " + TCP_DOWN + "]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = JobApiClient.json(created).get("id").longValue();
        long second = JobApiClient.json(created).get("scenarios").get(1).get("id").longValue();
        // The first scenario may wait too: the host's last scenario of an earlier test counts as well.
        AtomicReference<JsonNode> cooling = new AtomicReference<>();
        Eventually.await("job " + id + " to cool down before its second scenario", PATIENCE, () -> api.job(id),
                view -> {
                    JsonNode wait = view.get("coolingDown");
                    if (!wait.isNull() && wait.get("scenarioId").longValue() == second) {
                        cooling.set(wait);
                    }
                    return cooling.get() != null || ended(view);
                });
        JsonNode job = succeeded(awaitEnd(id));

        assertThat(cooling.get()).as("the job showed its wait before the second scenario").isNotNull();
        assertThat(cooling.get().get("seconds").intValue()).isEqualTo(4);
        Instant firstEnd = Instant.parse(job.get("scenarios").get(0).get("finishedAt").stringValue());
        Instant secondStart = Instant.parse(job.get("scenarios").get(1).get("startedAt").stringValue());
        assertThat(Duration.between(firstEnd, secondStart)).isGreaterThanOrEqualTo(Duration.ofSeconds(4));
        assertThat(job.get("coolingDown").isNull()).isTrue();
    }

    @Test
    void jobsOnDisjointPairsOverlapAndJobsSharingAHostDoNot() {
        long ab = create("{\"sut\": \"xd-a\", \"peer\": \"xd-b\", \"scenarios\": [" + TCP_UP + ", " + TCP_UP + "]}");
        long cd = create("{\"sut\": \"xd-c\", \"peer\": \"xd-d\", \"scenarios\": [" + TCP_UP + ", " + TCP_UP + "]}");
        JsonNode first = succeeded(awaitEnd(ab));
        JsonNode second = succeeded(awaitEnd(cd));
        assertThat(start(second)).as("disjoint jobs overlap").isBefore(end(first));
        assertThat(start(first)).isBefore(end(second));

        long shared1 = create("{\"sut\": \"xd-a\", \"peer\": \"xd-b\", \"scenarios\": [" + TCP_UP + "]}");
        long shared2 = create("{\"sut\": \"xd-b\", \"peer\": \"xd-c\", \"scenarios\": [" + TCP_UP + "]}");
        JsonNode before = succeeded(awaitEnd(shared1));
        JsonNode after = succeeded(awaitEnd(shared2));
        assertThat(start(after)).as("a job on a busy host waits for it").isAfterOrEqualTo(end(before));
    }

    private static Scenario planned(com.burstline.contract.Direction direction) {
        return Scenario.of(Protocol.TCP, direction).durationSeconds(1).build();
    }

    private static JsonNode run(String request) {
        return succeeded(awaitEnd(create(request)));
    }

    private static JsonNode succeeded(JsonNode job) {
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        return job;
    }

    private static long create(String request) {
        var created = api.createJob(request);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JobApiClient.json(created).get("id").longValue();
    }

    /** "pair 1 rep 2 #0" per scenario in the order they started (by their stored start times). */
    private static List<String> byStart(JsonNode job) {
        List<JsonNode> scenarios = new ArrayList<>();
        job.get("scenarios").forEach(scenarios::add);
        scenarios.sort(Comparator.comparing(s -> Instant.parse(s.get("startedAt").stringValue())));
        return scenarios.stream().map(ExperimentDesignIT::shape).toList();
    }

    private static List<String> positions(JsonNode job) {
        List<String> shapes = new ArrayList<>();
        job.get("scenarios").forEach(s -> shapes.add(shape(s)));
        return shapes;
    }

    private static String shape(JsonNode s) {
        return "pair " + s.get("pair").intValue() + " rep " + s.get("repetition").intValue() + " #"
                + s.get("scenarioIndex").intValue();
    }

    private static Instant start(JsonNode job) {
        return Instant.parse(job.get("scenarios").get(0).get("startedAt").stringValue());
    }

    private static Instant end(JsonNode job) {
        JsonNode scenarios = job.get("scenarios");
        return Instant.parse(scenarios.get(scenarios.size() - 1).get("finishedAt").stringValue());
    }

    private static boolean ended(JsonNode job) {
        return !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue());
    }

    private static JsonNode awaitEnd(long jobId) {
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                ExperimentDesignIT::ended);
    }
}
