package com.burstline.server.job;

import com.burstline.contract.Json;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Latency over real HTTP against the real server: the test plays the agents ({@link TestAgent}) and posts what a real
 * agent sent (src/test/resources/latency: the probe's report, the engine's request/response output). What the server
 * sends the agents, what it stores per run and reads back, and what it leaves out of throughput. Subclasses choose
 * the database.
 */
@BurstlineTest
abstract class LatencyApiBehaviour {
    private static final Duration PATIENCE = JobApiClient.PATIENCE;
    private static final String PROBE = "latency/probe-report-loopback.json";
    private static final String REQUEST_RESPONSE = "latency/rr-udp-2-flows-loopback.ndjson";
    private static final String REQUEST_RESPONSE_256 = "latency/rr-udp-2-flows-256-loopback.ndjson";
    private static final String REQUEST_RESPONSE_AGAIN = "latency/rr-udp-2-flows-64-loopback-again.ndjson";

    @LocalServerPort
    int port;
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void endJobsAndAgents() {
        for (JsonNode job : json(api().get("/api/v1/jobs"))) {
            if (List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue())) {
                api().send("POST", "/api/v1/jobs/" + job.get("id").longValue() + "/cancel", JobApiClient.API_TOKEN,
                        null);
            }
        }
        agents.forEach(TestAgent::close);
        agents.clear();
    }

    @Test
    void aThroughputScenarioRunsTheProbeAndItsRunKeepsTheProbesLatency() throws IOException {
        TestAgent sut = agent("lat-sut");
        TestAgent peer = agent("lat-peer");
        long jobId = job("lat-sut", "lat-peer", "{\"protocol\": \"TCP\", \"durationSeconds\": 10}", null);
        JsonNode scenario = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        JsonNode spec = dispatched(sut, "/v1/scenarios ");
        JsonNode role = dispatched(peer, "/v1/iperf3-server ");

        // the probe's port is as far above the pool as the scenario's is in it; the peer answers the SUT's session
        assertThat(spec.get("latencyProbe").get("port").intValue()).isEqualTo(spec.get("port").intValue() + 10);
        assertThat(spec.get("latencyProbe").get("ratePerSecond").intValue()).isEqualTo(50);
        assertThat(spec.get("latencyProbe").get("idleSeconds").intValue()).isEqualTo(3);
        assertThat(role.get("latencyProbe")).isEqualTo(spec.get("latencyProbe"));
        assertThat(role.get("timeoutSeconds").intValue()).isEqualTo(10 + 20 + 3 + 1);
        ObjectNode result = (ObjectNode) JobApiClient.JSON.readTree(JobApiClient.result(scenario, jobId,
                "iperf3-312-tcp-1-upload.json"));
        result.set("latency", JobApiClient.JSON.readTree(text(PROBE)));
        var stored = sut.postResult(result.toString());
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        long runId = json(stored).get("runId").longValue();

        JsonNode latency = json(api().get("/api/v1/runs/" + runId + "/latency"));
        LatencyReport sent = LatencyReport.fromJson(Json.parseObject(text(PROBE)));
        assertThat(latency.get("runId").longValue()).isEqualTo(runId);
        assertThat(latency.get("kind").stringValue()).isEqualTo("loaded-latency");
        assertThat(latency.get("source").stringValue()).isEqualTo("result");
        assertThat(latency.get("probeBytesPerSecond").doubleValue()).isEqualTo(4600.0);
        assertFigures(latency.get("idle"), sent.summary().idle());
        assertFigures(latency.get("loaded"), sent.summary().loaded());
        assertFigures(latency.get("uploadRise"), sent.summary().uploadRise());
        assertThat(latency.get("loadedToIdleP50Ratio").doubleValue()).isCloseTo(
                sent.summary().loaded().p50Ms() / sent.summary().idle().p50Ms(), within(1e-9));
        assertThat(latency.get("transactions").isNull()).isTrue();
        assertThat(latency.get("samples")).hasSize(sent.samples().size());
        for (int i = 0; i < sent.samples().size(); i++) {
            LatencySample expected = sent.samples().get(i);
            JsonNode sample = latency.get("samples").get(i);
            assertThat(sample.get("start").doubleValue()).isEqualTo(expected.start());
            assertThat(sample.get("phase").stringValue()).isEqualTo(expected.phase());
            assertThat(sample.get("p99Ms").doubleValue()).isEqualTo(expected.roundTrip().p99Ms());
        }
        // the loopback probe's p99 rose ×177 under load but its median did not: the scheduler's tail, not a queue
        assertThat(json(api().get("/api/v1/runs/" + runId + "/findings")))
                .noneSatisfy(finding -> assertThat(finding.get("kind").stringValue()).isEqualTo("latency-under-load"));
        Map<String, String> csv = csvLine(api().get("/api/v1/export/runs.csv?job=" + jobId).body(), 0);
        assertThat(csv.get("latencyKind")).isEqualTo("loaded-latency");
        assertThat(Double.parseDouble(csv.get("loadedP99Ms"))).isEqualTo(sent.summary().loaded().p99Ms());
        assertThat(Double.parseDouble(csv.get("idleP50Ms"))).isEqualTo(sent.summary().idle().p50Ms());
        assertThat(Double.parseDouble(csv.get("loadedToIdleP99Ratio"))).isCloseTo(
                sent.summary().loaded().p99Ms() / sent.summary().idle().p99Ms(), within(1e-9));
        assertThat(csv.get("transactionsP99Ms")).isEmpty();
        JsonNode compared = json(api().get("/api/v1/compare?groupBy=driver&job=" + jobId)).get("latency");
        assertThat(compared).hasSize(1);
        assertThat(compared.get(0).get("figure").stringValue()).isEqualTo("loaded-p99");
        assertThat(compared.get(0).get("groups").get(0).get("mean").doubleValue())
                .isEqualTo(sent.summary().loaded().p99Ms());
        assertThat(compared.get(0).get("groups").get(0).get("meanIdleP99Ms").doubleValue())
                .isEqualTo(sent.summary().idle().p99Ms());
        assertThat(api().get("/api/v1/reports?job=" + jobId).body()).contains("## Latency",
                "| TCP 1 stream | Upload | p99 under load | 380 ms | 2.15 ms | 1 |");
        // an upload has none, and says so; a run that does not exist is a 404
        long uploaded = json(api().send("POST", "/api/v1/runs?sut=x&peer=y", JobApiClient.API_TOKEN,
                text("iperf3/iperf3-312-tcp-4-upload.json"))).get("id").longValue();
        JsonNode none = json(api().get("/api/v1/runs/" + uploaded + "/latency"));
        assertThat(none.get("kind").isNull()).isTrue();
        assertThat(none.get("samples")).isEmpty();
        assertThat(api().get("/api/v1/runs/999999/latency").statusCode()).isEqualTo(404);
    }

    @Test
    void aJobCanTurnTheProbeOffAndARerunKeepsItOff() throws IOException {
        TestAgent sut = agent("off-sut");
        TestAgent peer = agent("off-peer");
        long jobId = job("off-sut", "off-peer", "{\"protocol\": \"TCP\", \"durationSeconds\": 10}", false);
        api().awaitScenario(jobId, 0, "RUNNING");

        assertThat(dispatched(sut, "/v1/scenarios ").has("latencyProbe")).isFalse();
        assertThat(dispatched(peer, "/v1/iperf3-server ").has("latencyProbe")).isFalse();
        assertThat(api().job(jobId).get("latencyProbe").booleanValue()).isFalse();
        api().send("POST", "/api/v1/jobs/" + jobId + "/cancel", JobApiClient.API_TOKEN, null);
        var rerun = api().send("POST", "/api/v1/jobs/" + jobId + "/rerun", JobApiClient.API_TOKEN, null);
        assertThat(rerun.statusCode()).as(rerun.body()).isEqualTo(201);
        assertThat(json(rerun).get("latencyProbe").booleanValue()).isFalse();
    }

    @Test
    void aRequestResponseResultIsARunOfRoundTripsWithoutAThroughputFigure() throws IOException {
        StoredTransactions stored = storeRequestResponse(agent("rr-sut"), agent("rr-peer"), 64, REQUEST_RESPONSE);
        JsonNode spec = stored.spec();
        long jobId = stored.jobId();
        long runId = stored.runId();
        LatencyReport report = reportOf(text(REQUEST_RESPONSE));
        String output = text(REQUEST_RESPONSE);

        assertThat(spec.get("protocol").stringValue()).isEqualTo("UDP_RR");
        assertThat(spec.get("messageBytes").intValue()).isEqualTo(64);
        assertThat(spec.get("tool").stringValue()).isEqualTo("burstline-java");
        assertThat(spec.has("latencyProbe")).isFalse();
        assertThat(stored.peerRole().get("protocol").stringValue()).isEqualTo("UDP_RR");
        assertThat(stored.scenario().get("messageBytes").intValue()).isEqualTo(64);
        JsonNode run = json(api().get("/api/v1/runs/" + runId));
        assertThat(run.get("protocol").stringValue()).isEqualTo("UDP_RR");
        assertThat(run.get("streams").intValue()).isEqualTo(2);
        assertThat(run.get("omitSeconds").intValue()).isEqualTo(1);
        assertThat(run.get("tool").stringValue()).isEqualTo("burstline-java");
        assertThat(run.get("peerTool").stringValue()).isEqualTo("burstline-java");
        assertThat(run.get("outputFormat").stringValue()).isEqualTo("burstline-rr");
        assertThat(run.get("sentBitsPerSecond").isNull()).isTrue();
        assertThat(run.get("receivedBitsPerSecond").isNull()).isTrue();
        assertThat(run.get("hostCpuPercent").doubleValue()).isEqualTo(report.summary().clientCpuPercent());
        assertThat(run.get("remoteCpuPercent").doubleValue()).isEqualTo(report.summary().serverCpuPercent());
        assertThat(api().get("/api/v1/runs/" + runId + "/raw").body()).isEqualTo(output);
        JsonNode latency = json(api().get("/api/v1/runs/" + runId + "/latency"));
        assertThat(latency.get("kind").stringValue()).isEqualTo("request-response");
        assertFigures(latency.get("transactions"), report.summary().transactions());
        assertThat(latency.get("transactionsPerSecond").doubleValue())
                .isEqualTo(report.summary().transactionsPerSecond());
        assertThat(latency.get("timeoutMs").doubleValue()).isEqualTo(200.0);
        assertThat(latency.get("samples")).hasSize(4);
        assertThat(latency.get("idle").isNull()).isTrue();
        // transactions, not throughput: no finding, no throughput comparison; listed with empty rates
        assertThat(json(api().get("/api/v1/runs/" + runId + "/findings"))).isEmpty();
        // its trend follows its transactions' p99
        JsonNode trend = json(api().get("/api/v1/trends?sut=rr-sut&peer=rr-peer&protocol=UDP_RR&streams=2"));
        assertThat(trend.get("scenario").stringValue()).isEqualTo("UDP_RR 2 flows, 64 B");
        assertThat(trend.get("points")).hasSize(1);
        assertThat(trend.get("points").get(0).get("receivedBitsPerSecond").isNull()).isTrue();
        assertThat(trend.get("points").get(0).get("transactionsP99Ms").doubleValue())
                .isEqualTo(report.summary().transactions().p99Ms());
        assertThat(trend.get("latencyFigure").get("id").stringValue()).isEqualTo("transactions-p99");
        assertThat(trend.get("latencyFigure").get("field").stringValue()).isEqualTo("transactionsP99Ms");
        assertThat(trend.get("changePoints")).isEmpty();
        assertThat(trend.get("spread").isNull()).isTrue();
        JsonNode compared = json(api().get("/api/v1/compare?groupBy=driver&job=" + jobId));
        assertThat(compared.get("scenarios")).isEmpty();
        // ... but its round trips are compared, lower is better
        assertThat(compared.get("latency")).hasSize(1);
        assertThat(compared.get("latency").get(0).get("figure").stringValue()).isEqualTo("transactions-p99");
        assertThat(compared.get("latency").get(0).get("groups").get(0).get("mean").doubleValue())
                .isEqualTo(report.summary().transactions().p99Ms());
        Map<String, String> csv = csvLine(api().get("/api/v1/export/runs.csv?job=" + jobId).body(), 0);
        assertThat(csv.get("latencyKind")).isEqualTo("request-response");
        assertThat(Double.parseDouble(csv.get("transactionsPerSecond")))
                .isEqualTo(report.summary().transactionsPerSecond());
        assertThat(Double.parseDouble(csv.get("transactionsP99Ms"))).isEqualTo(report.summary().transactions().p99Ms());
        assertThat(csv.get("loadedP99Ms")).isEmpty();
        assertThat(json(api().get("/api/v1/runs?protocol=UDP_RR")).get("content")).hasSize(1);
        assertThat(api().get("/api/v1/export/runs.csv?job=" + jobId).body()).contains(",UDP_RR,");
        assertThat(api().get("/api/v1/reports?job=" + jobId).statusCode()).isEqualTo(200);
        assertThat(api().get("/api/v1/reports?job=" + jobId).body()).contains("rr -s -p " + spec.get("port"));
        JsonNode job = Eventually.await("the job to end", PATIENCE, () -> api().job(jobId),
                view -> view.get("status").stringValue().equals("SUCCEEDED"));
        assertThat(job.get("scenarios").get(0).get("runId").longValue()).isEqualTo(runId);
    }

    /** A pair that ran two message sizes has two request/response series: a trend follows one, by messageBytes. */
    @Test
    void aRequestResponseTrendFollowsOneMessageSize() throws IOException {
        TestAgent sut = agent("rr-size-sut");
        TestAgent peer = agent("rr-size-peer");
        storeRequestResponse(sut, peer, 64, REQUEST_RESPONSE_AGAIN);
        storeRequestResponse(sut, peer, 256, REQUEST_RESPONSE_256);
        String series = "/api/v1/trends?sut=rr-size-sut&peer=rr-size-peer&protocol=UDP_RR&streams=2";

        HttpResponse<String> both = api().get(series);
        assertThat(both.statusCode()).as(both.body()).isEqualTo(400);
        assertThat(both.body()).contains("UDP_RR 2 flows, 256 B, UDP_RR 2 flows, 64 B").contains("messageBytes");
        JsonNode larger = json(api().get(series + "&messageBytes=256"));
        assertThat(larger.get("scenario").stringValue()).isEqualTo("UDP_RR 2 flows, 256 B");
        assertThat(larger.get("points")).hasSize(1);
        assertThat(larger.get("points").get(0).get("transactionsP99Ms").doubleValue())
                .isEqualTo(reportOf(text(REQUEST_RESPONSE_256)).summary().transactions().p99Ms());
        assertThat(json(api().get(series + "&messageBytes=64")).get("scenario").stringValue())
                .isEqualTo("UDP_RR 2 flows, 64 B");
        HttpResponse<String> tooSmall = api().get(series + "&messageBytes=8");
        assertThat(tooSmall.statusCode()).isEqualTo(400);
        assertThat(tooSmall.body()).contains("messageBytes must be between 16 and 65000, not 8");
    }

    /** What a request/response job sent the agents and the run its result made. */
    private record StoredTransactions(long jobId, long runId, JsonNode spec, JsonNode peerRole, JsonNode scenario) {
    }

    /**
     * A UDP_RR job of 2 flows and {@code messageBytes} between the two agents, answered with the engine's real output
     * of that size (as its SUT agent posts it), once the job has ended.
     */
    private StoredTransactions storeRequestResponse(TestAgent sut, TestAgent peer, int messageBytes, String resource)
            throws IOException {
        long jobId = job(sut.name, peer.name, "{\"protocol\": \"UDP_RR\", \"streams\": 2, \"durationSeconds\": 3, "
                + "\"omitSeconds\": 1, \"messageBytes\": " + messageBytes + "}", null);
        JsonNode scenario = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        JsonNode spec = dispatched(sut, "/v1/scenarios ");
        JsonNode role = dispatched(peer, "/v1/iperf3-server ");
        String output = text(resource);
        ObjectNode result = JobApiClient.JSON.createObjectNode();
        result.put("jobId", jobId).put("scenarioId", scenario.get("id").longValue()).put("attempt", 1)
                .put("succeeded", true).put("output", output).put("outputFormat", "burstline-rr").put("stderr", "")
                .put("exitCode", 0);
        JsonNode command = JobApiClient.JSON.valueToTree(List.of("java", "-jar", "burstline-agent.jar", "rr", "-c",
                "127.0.0.1", "-p", spec.get("port").asString(), "--protocol", "UDP_RR", "-l",
                Integer.toString(messageBytes), "-P", "2", "-t", "3", "-O", "1"));
        result.set("command", command);
        result.putObject("facts").put("osName", "Linux").put("routeInterface", "eth0");
        result.set("latency", JobApiClient.JSON.readTree(Json.write(reportOf(output).toJson())));
        var stored = sut.postResult(result.toString());
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        Eventually.await("the job to end", PATIENCE, () -> api().job(jobId),
                view -> view.get("status").stringValue().equals("SUCCEEDED"));
        return new StoredTransactions(jobId, json(stored).get("runId").longValue(), spec, role, scenario);
    }

    /**
     * Latency samples of the running scenario are relayed as latency events and kept; when the scenario is cancelled
     * and no result comes, the run made of its live samples keeps them.
     */
    @Test
    void latencySamplesAreRelayedAndACancelledScenarioWithoutAResultKeepsThem() throws Exception {
        TestAgent sut = agent("ls-sut");
        agent("ls-peer");
        long jobId = job("ls-sut", "ls-peer", "{\"protocol\": \"TCP\", \"durationSeconds\": 30}", null);
        JsonNode scenario = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        List<String> events = api().latencySamples(jobId);
        LatencyReport probe = LatencyReport.fromJson(Json.parseObject(text(PROBE)));

        sut.postReport("/live", "{\"jobId\": " + jobId + ", \"scenarioId\": " + scenario.get("id").longValue()
                + ", \"attempt\": 1, \"source\": \"interface-counters\", \"samples\": [{\"start\": 0.0, \"end\": 1.0,"
                + " \"bitsPerSecond\": 4.7e9, \"stream\": \"sum\"}]}");
        for (int i = 0; i < 4; i++) {
            var posted = sut.postReport("/latency", latencySamples(jobId, scenario, probe, i));
            assertThat(posted.statusCode()).as(posted.body()).isEqualTo(204);
        }
        String unknownField = latencySamples(jobId, scenario, probe, 4).replace("\"report\":", "\"extra\": 1, \"report\":");
        assertThat(sut.postReport("/latency", unknownField).statusCode()).isEqualTo(400);
        String otherAttempt = latencySamples(jobId, scenario, probe, 4).replace("\"attempt\":1", "\"attempt\":7");
        assertThat(sut.postReport("/latency", otherAttempt).statusCode()).isEqualTo(403);
        Eventually.await("the latency events", PATIENCE, () -> events, list -> list.size() >= 1);
        assertThat(String.join("", events)).contains("\"phase\":\"idle\"").doesNotContain("\"nonce\"");
        api().send("POST", "/api/v1/jobs/" + jobId + "/cancel", JobApiClient.API_TOKEN, null);

        JsonNode kept = Eventually.await("the cancelled scenario's run", PATIENCE,
                () -> api().job(jobId).get("scenarios").get(0), view -> !view.get("runId").isNull());
        JsonNode latency = json(api().get("/api/v1/runs/" + kept.get("runId").longValue() + "/latency"));
        assertThat(latency.get("source").stringValue()).isEqualTo("live-samples");
        assertThat(latency.get("samples")).hasSize(4);
        assertThat(latency.get("idle").get("answered").longValue()).isEqualTo(probe.summary().idle().answered());
    }

    private static String latencySamples(long jobId, JsonNode scenario, LatencyReport probe, int sample) {
        Map<String, Object> report = new LatencyReport(probe.summary(), List.of(probe.samples().get(sample)))
                .toJson();
        return "{\"jobId\":" + jobId + ",\"scenarioId\":" + scenario.get("id").longValue() + ",\"attempt\":1,"
                + "\"report\":" + Json.write(report) + "}";
    }

    /** What the agent reads from the engine's lines: every interval's sample, and the end's summary. */
    @SuppressWarnings("unchecked")
    private static LatencyReport reportOf(String output) {
        List<LatencySample> samples = new ArrayList<>();
        LatencySummary summary = null;
        for (String line : output.lines().toList()) {
            Map<String, Object> event = Json.parseObject(line);
            if (event.get("data") instanceof Map<?, ?> data && data.get("summary") != null) {
                summary = LatencySummary.fromJson((Map<String, Object>) data.get("summary"));
                if (data.get("sample") != null) {
                    samples.add(LatencySample.fromJson((Map<String, Object>) data.get("sample")));
                }
            }
        }
        return new LatencyReport(summary, samples);
    }

    private static void assertFigures(JsonNode figures, com.burstline.contract.LatencyStats sent) {
        assertThat(figures.get("answered").longValue()).isEqualTo(sent.answered());
        assertThat(figures.get("lost").longValue()).isEqualTo(sent.lost());
        assertThat(figures.get("p50Ms").doubleValue()).isEqualTo(sent.p50Ms());
        assertThat(figures.get("p99Ms").doubleValue()).isEqualTo(sent.p99Ms());
        assertThat(figures.get("p999Ms").doubleValue()).isEqualTo(sent.p999Ms());
        assertThat(figures.get("maxMs").doubleValue()).isEqualTo(sent.maxMs());
    }

    /** The body of the agent's last call to this path. */
    private static JsonNode dispatched(TestAgent agent, String prefix) {
        String call = Eventually.await("the call " + prefix.strip() + " to " + agent.name, PATIENCE, () -> agent.calls,
                calls -> calls.stream().anyMatch(c -> c.startsWith(prefix))).stream()
                .filter(c -> c.startsWith(prefix)).reduce((first, second) -> second).orElseThrow();
        return JobApiClient.JSON.readTree(call.substring(prefix.length()));
    }

    long job(String sut, String peer, String scenario, Boolean latencyProbe) {
        HttpResponse<String> created = api().createJob("{\"sut\": \"" + sut + "\", \"peer\": \"" + peer + "\", "
                + (latencyProbe == null ? "" : "\"latencyProbe\": " + latencyProbe + ", ")
                + "\"scenarios\": [" + scenario + "]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created).get("id").longValue();
    }

    TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent(base(), JobApiClient.AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    JobApiClient api() {
        return new JobApiClient(base());
    }

    private static String text(String resource) {
        try (InputStream in = LatencyApiBehaviour.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSV's line {@code index} (after the header) by column name. */
    private static Map<String, String> csvLine(String csv, int index) {
        List<List<String>> lines = com.burstline.testsupport.CsvLines.parse(csv);
        Map<String, String> line = new java.util.LinkedHashMap<>();
        for (int i = 0; i < lines.get(0).size(); i++) {
            line.put(lines.get(0).get(i), lines.get(index + 1).get(i));
        }
        return line;
    }
}
