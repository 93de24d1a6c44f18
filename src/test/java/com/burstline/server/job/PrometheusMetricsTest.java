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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What /actuator/prometheus says, read as a scraper reads it: jobs by state, scenarios run by outcome, agents online,
 * and the last received throughput per pair and scenario, after a real job between two agents on loopback delivered
 * a real iperf3 result, and after an upload and its deletion.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PrometheusMetricsTest {
    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> JobApiClient.API_TOKEN);
        registry.add("burstline.agent-token", () -> JobApiClient.AGENT_TOKEN);
        registry.add("burstline.agents.heartbeat-seconds", () -> "1");
    }

    @LocalServerPort
    int port;
    final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void closeAgents() {
        agents.forEach(TestAgent::close);
    }

    @Test
    void jobsScenariosAgentsAndLastThroughputAreScraped() throws IOException {
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + port);
        assertThat(metric(api, "burstline_agents_online", "")).hasValue(0);
        TestAgent sut = agent("prom-sut");
        agent("prom-peer");
        assertThat(metric(api, "burstline_agents_online", "")).hasValue(2);
        long jobId = JobApiClient.json(api.createJob("""
                {"sut": "prom-sut", "peer": "prom-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 5, "intervalSeconds": 1}]}""")).get("id").longValue();
        JsonNode scenario = api.awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        assertThat(metric(api, "burstline_jobs", "state=\"running\"")).hasValue(1);

        var stored = sut.postResult(JobApiClient.result(scenario, jobId, "iperf3-312-tcp-1-upload.json"));
        long runId = JobApiClient.json(stored).get("runId").longValue();
        Eventually.await("the job to end", JobApiClient.PATIENCE, () -> api.job(jobId),
                view -> view.get("status").stringValue().equals("SUCCEEDED"));

        assertThat(metric(api, "burstline_jobs", "state=\"succeeded\"")).hasValue(1);
        assertThat(metric(api, "burstline_jobs", "state=\"running\"")).hasValue(0);
        assertThat(metric(api, "burstline_scenarios_run_total", "outcome=\"succeeded\"")).hasValue(1);
        assertThat(metric(api, "burstline_scenarios_run_total", "outcome=\"failed\"")).hasValue(0);
        double received = JobApiClient.json(api.get("/api/v1/runs/" + runId)).get("receivedBitsPerSecond")
                .doubleValue();
        assertThat(metric(api, "burstline_last_received_bits_per_second",
                "peer=\"prom-peer\",scenario=\"TCP 1 stream upload\",sut=\"prom-sut\"").getAsDouble())
                .isCloseTo(received, within(received * 1e-6));
    }

    @Test
    void anUploadSetsItsSeriesAndDeletingItTakesTheSeriesAway() {
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + port);
        var created = api.send("POST", "/api/v1/runs?instanceType=t4g.large&sut=prom-up&peer=prom-down",
                JobApiClient.API_TOKEN, new String(Samples.bytes("iperf3-318-udp-1g-upload.json")));
        JsonNode run = JobApiClient.json(created);
        String series = "peer=\"prom-down\",scenario=\"UDP 1 Gbit/s upload\",sut=\"prom-up\"";

        assertThat(metric(api, "burstline_last_received_bits_per_second", series).getAsDouble())
                .isCloseTo(run.get("receivedBitsPerSecond").doubleValue(), within(1.0));
        api.send("DELETE", "/api/v1/runs/" + run.get("id").longValue(), JobApiClient.API_TOKEN, null);
        assertThat(metric(api, "burstline_last_received_bits_per_second", series)).isEmpty();
    }

    private TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent("http://127.0.0.1:" + port, JobApiClient.AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    /** The value of the sample whose name and labels (in Prometheus' sorted order) are given, if it is there. */
    private static OptionalDouble metric(JobApiClient api, String name, String labels) {
        var response = api.get("/actuator/prometheus");
        assertThat(response.statusCode()).isEqualTo(200);
        for (String line : response.body().split("\n")) {
            String head = line.substring(0, Math.max(0, line.lastIndexOf(' ')));
            boolean match = labels.isEmpty() ? head.equals(name) || head.startsWith(name + "{")
                    : head.startsWith(name + "{") && head.contains(labels);
            if (!line.startsWith("#") && match) {
                return OptionalDouble.of(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
            }
        }
        return OptionalDouble.empty();
    }
}
