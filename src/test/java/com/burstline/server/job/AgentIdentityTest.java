package com.burstline.server.job;

import com.burstline.contract.DispatchNonce;
import com.burstline.contract.EnrollmentSecret;
import com.burstline.server.run.StoredRows;
import com.burstline.server.security.TokenSecrets;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agents speak only for themselves: each enrolls once and then reports with its own secret, only on scenarios the
 * server dispatched to it, with that dispatch's nonce. Every forged report is 403 and stores nothing (the run tables'
 * rows are counted), over real HTTP against the real server on H2.
 */
@BurstlineTest
class AgentIdentityTest {
    static final String API_TOKEN = JobApiClient.API_TOKEN;
    static final String AGENT_TOKEN = JobApiClient.AGENT_TOKEN;

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void endJobsAndAgents() {
        for (JsonNode job : JobApiClient.json(api().get("/api/v1/jobs"))) {
            if (List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue())) {
                api().send("POST", "/api/v1/jobs/" + job.get("id").longValue() + "/cancel", API_TOKEN, null);
            }
        }
        agents.forEach(TestAgent::close);
    }

    @Test
    void anAgentCannotReportForAnotherAgentOrOnAScenarioItWasNotGiven() throws IOException {
        TestAgent sut = agent("id-sut");
        TestAgent peer = agent("id-peer");
        TestAgent other = agent("id-other");
        long jobId = job("id-sut", "id-peer");
        JsonNode first = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String nonce = sut.nonceFor(first.get("id").longValue());
        String result = JobApiClient.result(first, jobId, "iperf3-312-tcp-1-upload.json");
        StoredRows before = StoredRows.count(jdbc);

        assertRefused(other.post("/api/v1/agents/id-other/results", with(result, "nonce", nonce)),
                "was not dispatched to agent id-other");
        assertRefused(peer.post("/api/v1/agents/id-peer/results", with(result, "nonce", nonce)),
                "was not dispatched to agent id-peer");
        assertRefused(other.post("/api/v1/agents/id-sut/results", with(result, "nonce", nonce)),
                "speaks only for itself");
        assertRefused(sut.post("/api/v1/agents/id-sut/results", with(result, "nonce", nonce), AGENT_TOKEN),
                "the agent token only enrolls");
        assertRefused(sut.post("/api/v1/agents/id-sut/results", result), "with this nonce");
        assertRefused(sut.post("/api/v1/agents/id-sut/results", with(result, "nonce", DispatchNonce.generate())),
                "with this nonce");
        assertRefused(sut.post("/api/v1/agents/id-sut/results", with(with(result, "nonce", nonce), "attempt", 2)),
                "attempt 2 was not dispatched");
        assertRefused(sut.post("/api/v1/agents/id-sut/results", with(with(result, "nonce", nonce), "jobId", 999999)),
                "job 999999");
        assertRefused(other.post("/api/v1/agents/id-other/live", live(jobId, first, nonce)),
                "not dispatched to agent id-other");

        assertThat(StoredRows.count(jdbc)).as("no forged result stored anything").isEqualTo(before);
        assertThat(api().job(jobId).get("scenarios").get(0).get("status").stringValue()).isEqualTo("RUNNING");
        var stored = sut.post("/api/v1/agents/id-sut/results", with(result, "nonce", nonce));
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        assertThat(StoredRows.count(jdbc).runs()).isEqualTo(before.runs() + 1);

        JsonNode second = api().awaitScenario(jobId, 1, "RUNNING").get("scenarios").get(1);
        StoredRows afterFirst = StoredRows.count(jdbc);
        assertRefused(sut.post("/api/v1/agents/id-sut/results", with(JobApiClient.result(second, jobId,
                "iperf3-312-tcp-4-upload.json"), "nonce", nonce)), "with this nonce");
        assertThat(StoredRows.count(jdbc)).as("a used nonce reported nothing for another scenario")
                .isEqualTo(afterFirst);
        assertThat(sut.postResult(JobApiClient.result(second, jobId, "iperf3-312-tcp-4-upload.json"))
                .statusCode()).isEqualTo(200);
    }

    @Test
    void aFinishedJobTakesOnlyTheLateResultOfWhatItDispatchedAndNoMoreLiveSamples() throws IOException {
        TestAgent sut = agent("fin-sut");
        agent("fin-peer");
        long jobId = job("fin-sut", "fin-peer");
        JsonNode first = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String nonce = sut.nonceFor(first.get("id").longValue());
        api().send("POST", "/api/v1/jobs/" + jobId + "/cancel", API_TOKEN, null);
        JsonNode never = api().job(jobId).get("scenarios").get(1);
        StoredRows before = StoredRows.count(jdbc);

        // the second scenario was never dispatched (attempt 0): a result as if it had been is a forgery
        String neverSent = with(JobApiClient.result(never, jobId, "iperf3-312-tcp-4-upload.json"), "attempt", 1);
        assertRefused(sut.post("/api/v1/agents/fin-sut/results", with(neverSent, "nonce", nonce)), "with this nonce");
        assertRefused(sut.post("/api/v1/agents/fin-sut/results", neverSent), "with this nonce");
        assertRefused(sut.post("/api/v1/agents/fin-sut/live", live(jobId, first, nonce)), "has ended");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);

        // what the agent's spool delivers after the job ended: the dispatched scenario's result, with its nonce
        String late = with(JobApiClient.result(first, jobId, "iperf3-312-tcp-1-download.json"), "nonce", nonce);
        var stored = sut.post("/api/v1/agents/fin-sut/results", late);
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);
        long runId = JobApiClient.json(stored).get("runId").longValue();
        assertThat(api().job(jobId).get("scenarios").get(0).get("runId").longValue()).isEqualTo(runId);
        StoredRows afterLate = StoredRows.count(jdbc);
        var again = sut.post("/api/v1/agents/fin-sut/results", late);
        assertThat(JobApiClient.json(again).get("runId").longValue()).as("the same delivery answers the same")
                .isEqualTo(runId);
        assertThat(StoredRows.count(jdbc)).isEqualTo(afterLate);
    }

    @Test
    void anEnrolledNameIs409UntilAnAdminRemovesTheAgentThenItEnrollsAgain() throws IOException {
        var enrolled = enroll("id-dup", "http://127.0.0.1:7701");
        assertThat(enrolled.statusCode()).as(enrolled.body()).isEqualTo(200);
        String secret = JobApiClient.json(enrolled).get("secret").stringValue();
        assertThat(storedHash("id-dup")).isEqualTo(TokenSecrets.sha256(secret)).isNotEqualTo(secret);

        var taken = enroll("id-dup", "http://127.0.0.1:7702");
        JobApiBehaviour.assertProblem(taken, 409, "already enrolled", "DELETE /api/v1/agents/id-dup");
        assertThat(JobApiClient.json(taken).get("type").stringValue()).isEqualTo("urn:burstline:problem:agent-name-taken");
        assertThat(agentView("id-dup").get("url").stringValue()).isEqualTo("http://127.0.0.1:7701");

        var moved = register(secret, "id-dup", "http://127.0.0.1:7703");
        assertThat(moved.statusCode()).as(moved.body()).isEqualTo(200);
        assertThat(JobApiClient.json(moved).has("secret")).as("no new secret for a re-registration").isFalse();
        assertThat(agentView("id-dup").get("url").stringValue()).isEqualTo("http://127.0.0.1:7703");

        JobApiBehaviour.assertProblem(api().send("DELETE", "/api/v1/agents/id-dup", operatorToken(), null), 403,
                "role may not");
        JobApiBehaviour.assertProblem(api().send("DELETE", "/api/v1/agents/id-dup", secret, null), 401,
                "token is not valid");
        assertThat(api().send("DELETE", "/api/v1/agents/id-dup", API_TOKEN, null).statusCode()).isEqualTo(204);
        assertThat(api().get("/api/v1/agents/id-dup").statusCode()).isEqualTo(404);
        assertThat(api().send("POST", "/api/v1/agents/id-dup/heartbeat", secret, "{}").statusCode()).isEqualTo(401);
        JobApiBehaviour.assertProblem(api().send("DELETE", "/api/v1/agents/id-dup", API_TOKEN, null), 404, "id-dup");

        var again = enroll("id-dup", "http://127.0.0.1:7702");
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        String newSecret = JobApiClient.json(again).get("secret").stringValue();
        assertThat(newSecret).isNotEqualTo(secret);
        assertThat(api().send("POST", "/api/v1/agents/id-dup/heartbeat", newSecret, "{}").statusCode())
                .isEqualTo(204);
    }

    /** The real agent proposes the secret it already keeps; the server stores its hash and answers none back. */
    @Test
    void anAgentMayProposeItsOwnSecretOnlyWhenEnrolling() {
        String proposed = EnrollmentSecret.generate();
        String body = "{\"name\": \"id-own\", \"url\": \"http://127.0.0.1:7701\", \"secret\": \"%s\"}";

        var enrolled = api().send("POST", "/api/v1/agents", AGENT_TOKEN, body.formatted(proposed));

        assertThat(enrolled.statusCode()).as(enrolled.body()).isEqualTo(200);
        assertThat(JobApiClient.json(enrolled).has("secret")).as("the agent knows it already").isFalse();
        assertThat(storedHash("id-own")).isEqualTo(TokenSecrets.sha256(proposed));
        assertThat(api().send("POST", "/api/v1/agents/id-own/heartbeat", proposed, "{}").statusCode()).isEqualTo(204);
        JobApiBehaviour.assertProblem(api().send("POST", "/api/v1/agents", proposed,
                body.formatted(EnrollmentSecret.generate())), 400, "only when enrolling");
        assertThat(storedHash("id-own")).isEqualTo(TokenSecrets.sha256(proposed));
        JobApiBehaviour.assertProblem(api().send("POST", "/api/v1/agents", AGENT_TOKEN,
                body.replace("id-own", "id-weak").formatted("hunter2")), 400, "256 random bits");
        assertThat(api().get("/api/v1/agents/id-weak").statusCode()).isEqualTo(404);
    }

    /** An agent registered before enrollment existed (V12 added the secrets) has none: enrolling claims its name. */
    @Test
    void anAgentWithoutASecretFromBeforeEnrollmentIsClaimedByTheFirstEnrollment() {
        jdbc.update("INSERT INTO agent (name, url, test_address, busy, registered_at, last_seen_at) "
                + "VALUES ('id-old', 'http://127.0.0.1:7701', '127.0.0.1', FALSE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");

        var claimed = enroll("id-old", "http://127.0.0.1:7701");

        assertThat(claimed.statusCode()).as(claimed.body()).isEqualTo(200);
        assertThat(JobApiClient.json(claimed).get("secret").stringValue()).startsWith("bl_");
        assertThat(enroll("id-old", "http://127.0.0.1:7701").statusCode()).isEqualTo(409);
    }

    /**
     * Agents share addresses (a host, a NAT, a lab): wrong secrets count against the agent a call names, so ten of
     * them from this address lock out no other agent here, and never the agent's own secret.
     */
    @Test
    void wrongSecretsFromOneAddressLockOutNoOtherAgent() throws IOException {
        TestAgent guessed = agent("lim-guessed");
        TestAgent neighbour = agent("lim-neighbour");
        for (int i = 0; i < 12; i++) {
            guessed.post("/api/v1/agents/lim-guessed/heartbeat", "{\"busy\": false}", EnrollmentSecret.generate());
        }

        assertThat(neighbour.post("/api/v1/agents/lim-neighbour/heartbeat", "{\"busy\": false}").statusCode())
                .as("another agent at the same address").isEqualTo(204);
        assertThat(guessed.post("/api/v1/agents/lim-guessed/heartbeat", "{\"busy\": false}").statusCode())
                .as("the named agent's own secret").isEqualTo(204);
        JobApiBehaviour.assertProblem(guessed.post("/api/v1/agents/lim-guessed/heartbeat", "{\"busy\": false}",
                EnrollmentSecret.generate()), 429, "agent lim-guessed");
    }

    /** An upload's bytes sent as a result: the scenario does not link that unrelated run. */
    @Test
    void aResultCarryingAnExistingUploadsBytesLinksNothing() throws IOException {
        String sample = "iperf3-318-tcp-1-upload.json";
        byte[] uploaded = com.burstline.iperf.Samples.bytes(sample);
        var upload = new com.burstline.server.run.ApiClient(port).upload(uploaded, "application/json", "?sut=up-sut");
        assertThat(upload.statusCode()).as(upload.body()).isIn(200, 201);
        long uploadId = JobApiClient.json(upload).get("id").longValue();
        TestAgent sut = agent("link-sut");
        agent("link-peer");
        long jobId = job("link-sut", "link-peer");
        JsonNode first = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String forged = with(JobApiClient.result(first, jobId, sample), "output",
                new String(uploaded, java.nio.charset.StandardCharsets.UTF_8));

        var answered = sut.postResult(forged);

        assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
        assertThat(JobApiClient.json(answered).get("runId").isNull()).isTrue();
        JsonNode scenario = api().job(jobId).get("scenarios").get(0);
        assertThat(scenario.get("runId").isNull()).as("not linked to upload " + uploadId).isTrue();
        assertThat(scenario.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(scenario.get("error").stringValue()).contains("the same bytes as run " + uploadId);
    }

    /** Live samples become a lost agent's partial run: held to an upload's bounds, or refused and kept nowhere. */
    @Test
    void implausibleLiveSamplesAreRefusedAndKeptNowhere() throws IOException {
        TestAgent sut = agent("plaus-sut");
        agent("plaus-peer");
        long jobId = job("plaus-sut", "plaus-peer");
        JsonNode first = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        String nonce = sut.nonceFor(first.get("id").longValue());
        List<String> relayed = api().liveSamples(jobId);

        for (String sample : List.of("{\"start\": 0, \"end\": 1, \"bitsPerSecond\": 1e300, \"stream\": \"sum\"}",
                "{\"start\": 0, \"end\": 1, \"bitsPerSecond\": -1e300, \"stream\": \"sum\"}",
                "{\"start\": -5, \"end\": 1, \"bitsPerSecond\": 1e9, \"stream\": \"sum\"}",
                "{\"start\": 3, \"end\": 2, \"bitsPerSecond\": 1e9, \"stream\": \"sum\"}")) {
            String samples = "{\"jobId\": " + jobId + ", \"scenarioId\": " + first.get("id").longValue()
                    + ", \"attempt\": 1, \"source\": \"iperf3\", \"nonce\": \"" + nonce + "\", \"samples\": ["
                    + sample + "]}";
            JobApiBehaviour.assertProblem(sut.post("/api/v1/agents/plaus-sut/live", samples), 400, "samples[0]");
        }
        assertThat(sut.post("/api/v1/agents/plaus-sut/live", live(jobId, first, nonce)).statusCode())
                .as("a plausible one").isEqualTo(204);
        Eventually.await("the plausible sample relayed", JobApiClient.PATIENCE, () -> relayed.size(),
                size -> size >= 1);
        assertThat(relayed).hasSize(1).allMatch(line -> line.contains("1.5E9"));
    }

    private HttpResponse<String> enroll(String name, String url) {
        return register(AGENT_TOKEN, name, url);
    }

    private HttpResponse<String> register(String bearer, String name, String url) {
        return api().send("POST", "/api/v1/agents", bearer, "{\"name\": \"" + name + "\", \"url\": \"" + url + "\"}");
    }

    private String storedHash(String name) {
        return jdbc.queryForObject("SELECT secret_hash FROM agent WHERE name = ?", String.class, name);
    }

    private JsonNode agentView(String name) {
        return JobApiClient.json(api().get("/api/v1/agents/" + name));
    }

    private String operatorToken() {
        var issued = api().send("POST", "/api/v1/tokens", API_TOKEN,
                "{\"name\": \"id-operator-" + System.nanoTime() + "\", \"role\": \"operator\"}");
        return JobApiClient.json(issued).get("secret").stringValue();
    }

    private long job(String sut, String peer) {
        var created = api().createJob("""
                {"sut": "%s", "peer": "%s", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 30, "intervalSeconds": 1},
                  {"protocol": "TCP", "streams": 4, "durationSeconds": 30}]}""".formatted(sut, peer));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JobApiClient.json(created).get("id").longValue();
    }

    private static String with(String json, String field, Object value) {
        ObjectNode body = (ObjectNode) JobApiClient.JSON.readTree(json);
        if (value instanceof Integer number) {
            body.put(field, number);
        } else {
            body.put(field, (String) value);
        }
        return body.toString();
    }

    private static String live(long jobId, JsonNode scenario, String nonce) {
        return "{\"jobId\": " + jobId + ", \"scenarioId\": " + scenario.get("id").longValue() + ", \"attempt\": "
                + scenario.get("attempt").intValue() + ", \"source\": \"iperf3\", \"nonce\": \"" + nonce
                + "\", \"samples\": [{\"start\": 0, \"end\": 1, \"bitsPerSecond\": 1.5e9, \"stream\": \"sum\"}]}";
    }

    private static void assertRefused(HttpResponse<String> response, String detail) {
        JobApiBehaviour.assertProblem(response, 403, detail);
    }

    private TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent("http://127.0.0.1:" + port, AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    private JobApiClient api() {
        return new JobApiClient("http://127.0.0.1:" + port);
    }
}
