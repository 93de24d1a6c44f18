package com.burstline.server.job;

import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs made the way a job makes them, for the tests of features that read runs (compare, findings, reports): the
 * test plays both agents over real HTTP ({@link TestAgent}), creates a job with the user API, and posts each
 * scenario's result as the SUT agent would once the server has dispatched it. Each sample can be stored once per
 * database (the same bytes are the same run), so a test picks samples no other test of its class uses.
 */
public final class JobMadeRuns implements AutoCloseable {
    /** The agent token the tests' server must be configured with ({@code burstline.agent-token}). */
    public static final String AGENT_TOKEN = JobApiClient.AGENT_TOKEN;

    /** A finished job and its runs, in the order of its scenarios. */
    public record Measured(long jobId, List<Long> runIds) {
    }

    private final JobApiClient client;
    private final String base;
    private final String apiToken;
    private final Map<String, TestAgent> agents = new LinkedHashMap<>();

    public JobMadeRuns(int port, String apiToken) {
        this.base = "http://127.0.0.1:" + port;
        this.client = new JobApiClient(base, apiToken);
        this.apiToken = apiToken;
    }

    /**
     * Creates the job ({@code {"sut", "peer", …}}, one scenario per result), delivers each result in turn and waits
     * until the job has succeeded.
     */
    public Measured measure(String jobJson, AgentResult... results) {
        JsonNode request = JobApiClient.JSON.readTree(jobJson);
        TestAgent sut = agent(request.get("sut").stringValue());
        agent(request.get("peer").stringValue());
        var created = client.send("POST", "/api/v1/jobs", apiToken, jobJson);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = JobApiClient.json(created).get("id").longValue();
        List<Long> runIds = new ArrayList<>();
        for (int position = 0; position < results.length; position++) {
            JsonNode scenario = client.awaitScenario(jobId, position, "RUNNING").get("scenarios").get(position);
            var stored = sut.postResult(JobApiClient.result(scenario, jobId, results[position]));
            assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
            runIds.add(JobApiClient.json(stored).get("runId").longValue());
        }
        Eventually.await("job " + jobId + " to succeed", JobApiClient.PATIENCE, () -> client.job(jobId),
                job -> job.get("status").stringValue().equals("SUCCEEDED"));
        return new Measured(jobId, runIds);
    }

    private TestAgent agent(String name) {
        return agents.computeIfAbsent(name, key -> {
            try {
                return new TestAgent(base, AGENT_TOKEN, key).register();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    public void close() {
        agents.values().forEach(TestAgent::close);
    }
}
