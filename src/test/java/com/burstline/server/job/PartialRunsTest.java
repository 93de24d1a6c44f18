package com.burstline.server.job;

import com.burstline.iperf.Samples;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.JSON;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failed scenarios keep what they measured, and what is kept is never read as a complete measurement: a failed
 * result with iperf3's real partial output (its server was killed) becomes a partial run the scenario links, which
 * the runs list filters by status and compare, trends, reports and exports leave out unless asked; a complete result
 * that arrives after its scenario was given up on turns the scenario to SUCCEEDED, saying it was late. The test plays
 * both agents ({@link TestAgent}); real agents, iperf3 and namespaces are in {@link PartialRunLabIT}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PartialRunsTest {
    private static final String PARTIAL = "iperf3-312-tcp-1-upload-error-server-killed-loopback.json";

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> API_TOKEN);
        registry.add("burstline.agent-token", () -> AGENT_TOKEN);
        registry.add("burstline.agents.heartbeat-seconds", () -> "1");
        registry.add("burstline.jobs.result-margin", () -> "1s"); // so that a scenario without a result fails soon
    }

    @LocalServerPort
    int port;
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void stopAgents() {
        agents.forEach(TestAgent::close);
    }

    @Test
    void aFailedResultKeepsIperf3sIntervalsAsAPartialRunThatSelectionsLeaveOutUnlessAsked() throws IOException {
        TestAgent sut = agent("part-sut");
        agent("part-peer");
        JobApiClient api = api();
        long jobId = json(api.createJob("""
                {"sut": "part-sut", "peer": "part-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 30}]}""")).get("id").longValue();
        JsonNode scenario = api.awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);

        var stored = sut.postResult(failedWithOutput(scenario, jobId, "control socket has closed unexpectedly"));

        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        long runId = json(stored).get("runId").longValue();
        JsonNode ended = Eventually.await("the job to fail", JobApiClient.PATIENCE, () -> api.job(jobId),
                job -> job.get("status").stringValue().equals("FAILED")).get("scenarios").get(0);
        assertThat(ended.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(ended.get("error").stringValue()).isEqualTo("control socket has closed unexpectedly");
        assertThat(ended.get("runId").longValue()).isEqualTo(runId);
        JsonNode run = json(api.get("/api/v1/runs/" + runId));
        assertThat(run.get("status").stringValue()).isEqualTo("partial");
        assertThat(run.get("error").stringValue()).isEqualTo("control socket has closed unexpectedly");
        assertThat(sums(api, runId)).as("the 3 distinct intervals iperf3 measured before its server died")
                .containsExactly(0.0, 1.000118, 2.000117);
        assertThat(api.get("/api/v1/runs/" + runId + "/raw").body()).as("what the agent sent, its own run's bytes")
                .isEqualTo(JobApiClient.ownRun(new String(Samples.bytes(PARTIAL), StandardCharsets.UTF_8), jobId,
                        scenario.get("id").longValue(), scenario.get("attempt").intValue()));

        assertThat(ids(api, "/api/v1/runs?job=" + jobId + "&status=partial")).containsExactly(runId);
        assertThat(ids(api, "/api/v1/runs?job=" + jobId + "&status=complete")).isEmpty();
        assertThat(ids(api, "/api/v1/runs?job=" + jobId)).containsExactly(runId);
        assertThat(api.get("/api/v1/runs?status=broken").statusCode()).isEqualTo(400);
        assertThat(runIdsCompared(api, "/api/v1/compare?job=" + jobId)).isEmpty();
        assertThat(runIdsCompared(api, "/api/v1/compare?job=" + jobId + "&status=partial")).containsExactly(runId);
        assertThat(json(api.get("/api/v1/trends?job=" + jobId)).get("runCount").intValue()).isZero();
        assertThat(json(api.get("/api/v1/trends?job=" + jobId + "&status=partial")).get("runCount").intValue())
                .isEqualTo(1);
        assertThat(api.get("/api/v1/export/runs.csv?job=" + jobId).body().strip().lines()).hasSize(1);
        assertThat(api.get("/api/v1/export/runs.csv?job=" + jobId + "&status=partial").body().strip().lines())
                .hasSize(2).last().asString().startsWith(runId + "," + jobId + ",FAILED,")
                // runStatus, error, ..., then the latency columns (empty: this result has none)
                .contains(",partial,control socket has closed unexpectedly,").endsWith(",".repeat(14));
        assertThat(api.get("/api/v1/reports?job=" + jobId + "&status=partial").body()).contains("#" + runId);
        JsonNode findings = json(api.get("/api/v1/runs/" + runId + "/findings"));
        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).get("kind").stringValue()).isEqualTo("partial-run");

        assertThat(api.get("/runs/" + runId).body()).contains("Partial run:", "control socket has closed");
        assertThat(api.get("/runs?status=partial").body()).contains("href=\"/runs/" + runId + "\"")
                .contains("class=\"badge partial\"");
        assertThat(api.get("/jobs/" + jobId).body()).contains("partial run #" + runId);
    }

    @Test
    void aCompleteResultThatArrivesAfterItsScenarioFailedTurnsItToSucceededSayingItWasLate() throws IOException {
        TestAgent sut = agent("late-sut");
        agent("late-peer");
        JobApiClient api = api();
        long jobId = json(api.createJob("""
                {"sut": "late-sut", "peer": "late-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 1}]}""")).get("id").longValue();
        JsonNode failed = Eventually.await("the scenario to be given up on", JobApiClient.PATIENCE,
                () -> api.job(jobId), job -> job.get("status").stringValue().equals("FAILED"));
        JsonNode scenario = failed.get("scenarios").get(0);
        assertThat(scenario.get("error").stringValue()).contains("sent no result within");

        var late = sut.postResult(JobApiClient.result(scenario, jobId, "iperf3-312-tcp-1-upload.json"));

        assertThat(late.statusCode()).as(late.body()).isEqualTo(200);
        long runId = json(late).get("runId").longValue();
        JsonNode job = api.job(jobId);
        JsonNode succeeded = job.get("scenarios").get(0);
        assertThat(succeeded.get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(succeeded.get("runId").longValue()).isEqualTo(runId);
        assertThat(succeeded.get("error").isNull()).isTrue();
        assertThat(succeeded.get("note").stringValue()).startsWith("late: the result arrived")
                .contains("agent's spool", "sent no result within");
        assertThat(job.get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(json(api.get("/api/v1/runs/" + runId)).get("status").stringValue()).isEqualTo("complete");
        assertThat(runIdsCompared(api, "/api/v1/compare?job=" + jobId)).containsExactly(runId);
    }

    @Test
    void aCancelledScenarioWhoseAgentSentNoOutputKeepsItsLiveSamplesAsAPartialRunThatSaysWhatItIs()
            throws IOException {
        TestAgent sut = agent("cancel-sut");
        agent("cancel-peer");
        JobApiClient api = api();
        long jobId = json(api.createJob("""
                {"sut": "cancel-sut", "peer": "cancel-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 30, "intervalSeconds": 1}]}""")).get("id").longValue();
        JsonNode scenario = api.awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        for (int second = 0; second < 3; second++) {
            var relayed = sut.postReport("/live", live(jobId, scenario, second, 4.7e9));
            assertThat(relayed.statusCode()).isEqualTo(204);
        }

        assertThat(api.send("POST", "/api/v1/jobs/" + jobId + "/cancel", API_TOKEN, null).statusCode())
                .isEqualTo(200);

        JsonNode cancelled = Eventually.await("the live samples to be kept", JobApiClient.PATIENCE,
                () -> api.job(jobId).get("scenarios").get(0), view -> view.get("runId").isNumber());
        assertThat(cancelled.get("status").stringValue()).isEqualTo("CANCELLED");
        long runId = cancelled.get("runId").longValue();
        JsonNode run = json(api.get("/api/v1/runs/" + runId));
        assertThat(run.get("status").stringValue()).isEqualTo("partial");
        assertThat(run.get("outputFormat").stringValue()).isEqualTo("live-samples");
        assertThat(run.get("error").stringValue()).startsWith("the scenario was cancelled");
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).isEqualTo(4.7e9);
        assertThat(run.get("driver").stringValue())
                .isEqualTo("driver unknown: the scenario ended before the agent sent its facts");
        assertThat(sums(api, runId)).containsExactly(0.0, 1.0, 2.0);
        JsonNode raw = json(api.get("/api/v1/runs/" + runId + "/raw"));
        assertThat(raw.get("kind").stringValue()).isEqualTo("burstline-live-samples");
        assertThat(raw.get("description").stringValue()).startsWith("Not iperf3 output.");
        assertThat(raw.get("batches")).hasSize(3);
    }

    private static String live(long jobId, JsonNode scenario, int second, double bitsPerSecond) {
        return "{\"jobId\": " + jobId + ", \"scenarioId\": " + scenario.get("id").longValue() + ", \"attempt\": "
                + scenario.get("attempt").intValue() + ", \"source\": \"interface-counters\", \"samples\": "
                + "[{\"start\": " + second + ".0, \"end\": " + (second + 1) + ".0, \"bitsPerSecond\": "
                + bitsPerSecond + ", \"stream\": \"sum\"}]}";
    }

    private TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent("http://127.0.0.1:" + port, AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    private JobApiClient api() {
        return new JobApiClient("http://127.0.0.1:" + port);
    }

    /** What the agent sends when iperf3 reported an error: its output as printed, the error in its words. */
    private static String failedWithOutput(JsonNode scenario, long jobId, String error) {
        var result = (tools.jackson.databind.node.ObjectNode) JSON.readTree(JobApiClient.result(scenario, jobId,
                PARTIAL));
        return result.put("succeeded", false).put("error", error).toString();
    }

    private static List<Double> sums(JobApiClient api, long runId) {
        List<Double> starts = new ArrayList<>();
        json(api.get("/api/v1/runs/" + runId + "/intervals")).forEach(row -> {
            if ("sum".equals(row.get("stream").stringValue())) {
                starts.add(row.get("start").doubleValue());
            }
        });
        return starts;
    }

    private static List<Long> ids(JobApiClient api, String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        List<Long> ids = new ArrayList<>();
        json(response).get("content").forEach(run -> ids.add(run.get("id").longValue()));
        return ids;
    }

    private static List<Long> runIdsCompared(JobApiClient api, String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        List<Long> ids = new ArrayList<>();
        json(response).get("scenarios").forEach(scenario -> scenario.get("groups").forEach(group ->
                group.get("runIds").forEach(id -> ids.add(id.longValue()))));
        return ids;
    }
}
