package com.burstline.server.job;

import com.burstline.contract.Scenario;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.server.probe.NewProbe;
import com.burstline.server.probe.ProbeFigures;
import com.burstline.server.probe.ProbeView;
import com.burstline.server.probe.Probes;
import com.burstline.server.security.SignedInBrowser;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static com.burstline.server.job.JobApiBehaviour.assertProblem;
import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.PATIENCE;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The burst-probe plan over real HTTP, with the test playing the agents ({@link TestAgent}): what the plan is, what
 * it refuses, and how a probe whose live samples step down ends (successfully, both agents told to stop) and where
 * its figures show. The samples are generated here as a shaped link gives them; BurstProbeLabIT runs the real thing.
 */
@BurstlineTest
class BurstProbeJobTest {

    @LocalServerPort
    int port;
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void stopAgents() {
        for (JsonNode job : json(api().get("/api/v1/jobs"))) {
            if (List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue())) {
                api().send("POST", "/api/v1/jobs/" + job.get("id").longValue() + "/cancel", API_TOKEN, null);
            }
        }
        agents.forEach(TestAgent::close);
    }

    @Test
    void theProbeIsOneLongFourStreamTransferPerDirectionAskedFor() throws IOException {
        agent("plan-sut");
        agent("plan-peer");

        JsonNode byDefault = json(api().createJob("{\"sut\": \"plan-sut\", \"peer\": \"plan-peer\", "
                + "\"plan\": \"burst-probe\"}"));
        JsonNode both = json(api().createJob("{\"sut\": \"plan-sut\", \"peer\": \"plan-peer\", \"plan\": "
                + "\"burst-probe\", \"probeDirections\": [\"download\", \"upload\"], \"maxDurationSeconds\": 600}"));

        assertThat(byDefault.get("plan").stringValue()).isEqualTo("burst-probe");
        assertThat(byDefault.get("scenarios")).hasSize(1);
        JsonNode scenario = byDefault.get("scenarios").get(0);
        assertThat(scenario.get("protocol").stringValue()).isEqualTo("TCP");
        assertThat(scenario.get("direction").stringValue()).isEqualTo("upload");
        assertThat(scenario.get("streams").intValue()).isEqualTo(4);
        assertThat(scenario.get("durationSeconds").intValue()).isEqualTo(3600);
        assertThat(scenario.get("intervalSeconds").doubleValue()).isEqualTo(1.0);
        assertThat(scenario.get("probe").isNull()).as("no probe before it ran").isTrue();
        assertThat(directions(both)).containsExactly("download", "upload");
        assertThat(both.get("scenarios").get(1).get("durationSeconds").intValue()).isEqualTo(600);

        var rerun = api().send("POST", "/api/v1/jobs/" + both.get("id").longValue() + "/rerun", API_TOKEN, null);
        assertThat(rerun.statusCode()).as(rerun.body()).isEqualTo(201);
        assertThat(directions(json(rerun))).containsExactly("download", "upload");
        assertThat(json(rerun).get("scenarios").get(0).get("durationSeconds").intValue()).isEqualTo(600);
    }

    @Autowired
    Probes probes;

    /** The Agents page and reports ask for many hosts at once: one query, the same answer as host by host. */
    @Test
    void theNewestProbeOfEachDirectionOfManyHostsAsHostByHost() throws IOException {
        agent("many-sut");
        agent("many-peer");
        long jobId = json(api().createJob("{\"sut\": \"many-sut\", \"peer\": \"many-peer\", "
                + "\"plan\": \"burst-probe\", \"maxDurationSeconds\": 600}")).get("id").longValue();
        Instant at = Instant.parse("2026-11-01T00:00:00Z");
        record(jobId, 9001, "many-sut", "upload", at);
        record(jobId, 9002, "many-sut", "upload", at.plusSeconds(60));
        record(jobId, 9003, "many-sut", "download", at);
        record(jobId, 9004, "many-other", "download", at.plusSeconds(5));
        record(jobId, 9005, "many-other", "download", at.plusSeconds(5)); // same time: the later id wins

        List<ProbeView> latest = probes.latestOf(List.of("many-other", "many-sut", "many-never", "many-sut"));

        assertThat(latest).extracting(ProbeView::scenarioId).containsExactly(9005L, 9002L, 9003L);
        assertThat(latest).isEqualTo(java.util.stream.Stream.of("many-other", "many-sut")
                .flatMap(host -> probes.latestOf(host).stream()).toList());
        assertThat(probes.latestOf(List.of())).isEmpty();
    }

    private void record(long jobId, long scenarioId, String host, String direction, Instant at) {
        probes.record(new NewProbe(jobId, scenarioId, host, "many-peer",
                Scenario.of(Protocol.TCP, Direction.fromApiName(direction))
                .durationSeconds(600).build(), "live", null, at,
                new ProbeFigures(12.0, 5e9, 0.5e9, 54e9, 30, 30)));
    }

    @Test
    void wrongProbeSettingsAre400WithEveryProblemInWords() throws IOException {
        agent("bad-sut");
        agent("bad-peer");
        int jobsBefore = json(api().get("/api/v1/jobs")).size();

        assertProblem(api().createJob("{\"sut\": \"bad-sut\", \"peer\": \"bad-peer\", \"plan\": \"burst-probe\", "
                        + "\"durationSeconds\": 30, \"repeat\": 2, \"maxDurationSeconds\": 3601, "
                        + "\"probeDirections\": [\"bidir\"]}"), 400,
                "give maxDurationSeconds instead of durationSeconds", "a burst probe runs once",
                "maxDurationSeconds must be between 1 and 3600, not 3601",
                "probeDirections may name upload and download, not 'bidir'");
        assertProblem(api().createJob("{\"sut\": \"bad-sut\", \"peer\": \"bad-peer\", \"plan\": \"burst-probe\", "
                + "\"probeDirections\": []}"), 400, "probeDirections must name upload, download or both");
        assertProblem(api().createJob("{\"sut\": \"bad-sut\", \"peer\": \"bad-peer\", \"plan\": \"standard\", "
                + "\"maxDurationSeconds\": 60}"), 400, "belong to plan 'burst-probe' only");
        assertProblem(api().createJob("{\"sut\": \"bad-sut\", \"peer\": \"bad-peer\", \"plan\": \"burst\"}"), 400,
                "plan must be 'standard' or 'burst-probe'");
        assertThat(json(api().get("/api/v1/jobs")).size()).as("nothing stored").isEqualTo(jobsBefore);
    }

    @Test
    void aProbeWhoseRateStepsDownSucceedsWithItsFiguresAndBothAgentsAreToldToStop() throws Exception {
        TestAgent sut = agent("drop-sut");
        TestAgent peer = agent("drop-peer");
        long jobId = json(api().createJob("{\"sut\": \"drop-sut\", \"peer\": \"drop-peer\", "
                + "\"plan\": \"burst-probe\", \"maxDurationSeconds\": 600}")).get("id").longValue();
        JsonNode scenario = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);

        Random noise = new Random(42);
        for (int second = 0; second < 30; second++) {
            double rate = (second < 12 ? 5e9 : 0.512e9) * (1 + 0.02 * noise.nextGaussian());
            sut.postReport("/live", sample(jobId, scenario, second, rate));
            if (!"RUNNING".equals(api().job(jobId).get("scenarios").get(0).get("status").stringValue())) {
                break;
            }
        }

        JsonNode job = Eventually.await("the probe to end", PATIENCE, () -> api().job(jobId),
                view -> !"RUNNING".equals(view.get("status").stringValue()));
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        JsonNode probe = job.get("scenarios").get(0).get("probe");
        assertThat(probe.get("exhaustedAfterSeconds").doubleValue()).isCloseTo(12, within(1.0));
        assertThat(probe.get("intervals").intValue()).as("stopped at the third low interval").isEqualTo(15);
        assertThat(probe.get("burstBitsPerSecond").doubleValue()).isCloseTo(5e9, within(0.1e9));
        assertThat(probe.get("baselineBitsPerSecond").doubleValue()).isCloseTo(0.512e9, within(0.03e9));
        assertThat(probe.get("creditBits").doubleValue()).isCloseTo(12 * (5e9 - 0.512e9), within(3e9));
        assertThat(probe.get("runId").isNull()).isTrue();
        assertThat(probe.get("summary").stringValue()).contains("Mbit/s baseline: about ", "An estimate from one probe");
        for (TestAgent agent : List.of(sut, peer)) {
            Eventually.await(agent.name + " to be told to stop", PATIENCE, () -> agent.calls,
                    calls -> calls.stream().anyMatch(call -> call.startsWith("/v1/scenarios/cancel")));
        }
        // the cancelled tool's failed result changes nothing: the probe keeps its success
        sut.postResult(JobApiClient.failedResult(scenario, jobId,
                "the scenario was cancelled and iperf3 was stopped"));
        assertThat(api().job(jobId).get("scenarios").get(0).get("status").stringValue()).isEqualTo("SUCCEEDED");

        String agentsPage = signedIn("/agents");
        assertThat(agentsPage).contains("Burst credit", "not probed yet",
                "Gbit/s for 1", "Mbit/s baseline", "An estimate from one probe", "href=\"/jobs/" + jobId + "\"");
        assertThat(signedIn("/jobs/" + jobId)).contains("Burst probe", "An estimate from one probe");

        // a run of the same SUT: its report shows the host's probe
        var uploaded = api().send("POST", "/api/v1/runs?sut=drop-sut&peer=drop-peer", API_TOKEN, new String(
                getClass().getResourceAsStream("/iperf3/iperf3-312-tcp-4-upload.json").readAllBytes(),
                StandardCharsets.UTF_8));
        assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
        assertThat(signedIn("/reports?sut=drop-sut")).contains("Burst Credit", "Estimates from one probe each",
                "<td>drop-sut</td>", "href=\"/jobs/" + jobId + "\"");
        assertThat(api().get("/api/v1/reports?sut=drop-sut").body()).contains("| drop-sut | Upload |");
    }

    @Test
    void autoCoolDownWaitsTheRefillTheSutsLatestProbeEstimatesBetweenScenarios() throws Exception {
        TestAgent sut = agent("auto-sut");
        agent("auto-peer");
        String autoJob = "{\"sut\": \"auto-sut\", \"peer\": \"auto-peer\", \"coolDownSeconds\": \"auto\", "
                + "\"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": 1}, {\"protocol\": \"TCP\", "
                + "\"durationSeconds\": 1}]}";
        assertProblem(api().createJob(autoJob), 400, "auto-sut has no upload burst probe yet",
                "run plan 'burst-probe' with sut auto-sut");

        // a probe whose credit refills in seconds: 4 s at 500 Mbit/s over a 200 Mbit/s baseline
        long probeJob = json(api().createJob("{\"sut\": \"auto-sut\", \"peer\": \"auto-peer\", "
                + "\"plan\": \"burst-probe\", \"maxDurationSeconds\": 60}")).get("id").longValue();
        JsonNode probing = api().awaitScenario(probeJob, 0, "RUNNING").get("scenarios").get(0);
        for (int second = 0; second < 20 && "RUNNING".equals(api().job(probeJob).get("status").stringValue());
             second++) {
            sut.postReport("/live", sample(probeJob, probing, second, second < 4 ? 0.5e9 : 0.2e9));
        }
        JsonNode probe = Eventually.await("the probe to end", PATIENCE, () -> api().job(probeJob),
                view -> "SUCCEEDED".equals(view.get("status").stringValue())).get("scenarios").get(0).get("probe");
        double refill = probe.get("refillSeconds").doubleValue();
        assertThat(refill).as(probe.toString()).isBetween(2.0, 10.0);

        var created = api().createJob(autoJob);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode job = json(created);
        int coolDown = job.get("coolDownSeconds").intValue();
        assertThat(coolDown).isEqualTo((int) Math.ceil(refill));
        assertThat(job.get("coolDownAuto").get("probeJobId").longValue()).isEqualTo(probeJob);
        assertThat(job.get("coolDownAuto").get("estimate").stringValue()).startsWith("auto: " + coolDown
                + " s, an estimate: the refill of auto-sut's upload credit").contains("job #" + probeJob)
                .endsWith("An estimate from one probe.");
        assertThat(signedIn("/jobs/" + job.get("id").longValue())).contains("Cool-down", "auto: " + coolDown + " s",
                "href=\"/jobs/" + probeJob + "\"");

        long jobId = job.get("id").longValue();
        for (int position = 0; position < 2; position++) {
            JsonNode scenario = api().awaitScenario(jobId, position, "RUNNING").get("scenarios").get(position);
            sut.postResult(JobApiClient.result(scenario, jobId, "iperf3-312-tcp-1-upload.json"));
        }
        JsonNode ran = Eventually.await("the auto job to end", PATIENCE, () -> api().job(jobId),
                view -> !List.of("QUEUED", "RUNNING").contains(view.get("status").stringValue()));
        assertThat(ran.get("status").stringValue()).as(ran.toString()).isEqualTo("SUCCEEDED");
        Instant firstEnd = Instant.parse(ran.get("scenarios").get(0).get("finishedAt").stringValue());
        Instant secondStart = Instant.parse(ran.get("scenarios").get(1).get("startedAt").stringValue());
        assertThat(Duration.between(firstEnd, secondStart)).as("the stated cool-down between the scenarios")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(coolDown));
        var again = api().send("POST", "/api/v1/jobs/" + jobId + "/rerun", API_TOKEN, null);
        assertThat(json(again).get("coolDownAuto").isNull()).as("a rerun asks for auto again").isFalse();
    }

    private static List<String> directions(JsonNode job) {
        return job.get("scenarios").valueStream().map(scenario -> scenario.get("direction").stringValue()).toList();
    }

    private static String sample(long jobId, JsonNode scenario, int second, double bitsPerSecond) {
        return String.format(Locale.ROOT, "{\"jobId\": %d, \"scenarioId\": %d, \"attempt\": %d, \"source\": "
                        + "\"interface-counters\", \"samples\": [{\"start\": %d.0, \"end\": %d.0, \"bitsPerSecond\": "
                        + "%.1f, \"stream\": \"sum\"}]}", jobId, scenario.get("id").longValue(),
                scenario.get("attempt").intValue(), second, second + 1, bitsPerSecond);
    }

    private TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent("http://127.0.0.1:" + port, AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    private JobApiClient api() {
        return new JobApiClient("http://127.0.0.1:" + port);
    }

    /** A page as a signed-in browser gets it. */
    private String signedIn(String path) throws IOException, InterruptedException {
        SignedInBrowser browser = new SignedInBrowser(port);
        browser.signIn("", API_TOKEN);
        HttpResponse<String> page = browser.get(path);
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        return page.body();
    }
}
