package com.burstline.server.job;

import com.burstline.agent.CapturedHost;
import com.burstline.contract.HostConfig;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Host configuration through jobs, over real HTTP: the test plays both agents ({@link TestAgent}), which answer the
 * server's configuration reading with what the agent's reader made of hosts captured in the lab (the veth as it
 * comes, tuned to MTU 9000 with GRO on and 2 queues, and this machine's virtio NIC). Real iperf3 output makes the
 * runs. The same jobs across real namespaces and agents are {@code HostConfigLabIT}.
 */
@BurstlineTest
class HostConfigJobTest {
    private static final HostConfig VETH = CapturedHost.linux("linux-veth", "blcf-ta");
    private static final HostConfig TUNED = CapturedHost.linux("linux-veth-tuned", "blcf-ta");
    private static final HostConfig VIRTIO = CapturedHost.linux("linux-virtio", "eth0");

    @LocalServerPort
    int port;
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void closeAgents() {
        agents.forEach(TestAgent::close);
    }

    @Test
    void bothHostsConfigurationsBelongToTheRunTheJobAndTheAgent() throws IOException {
        TestAgent sut = agent("hc-sut").answersHostConfig(VETH);
        // the peer answers with a reading it made ahead, 4 s before, after its previous measurement of the job
        TestAgent peer = agent("hc-peer").answersHostConfig(VIRTIO.withAgeMillis(4000));

        long[] ran = runJob(sut, "hc-sut", "hc-peer", "iperf3-312-tcp-1-upload.json");
        long jobId = ran[0];
        long runId = ran[1];

        JsonNode job = json(api().get("/api/v1/jobs/" + jobId + "/configuration"));
        assertThat(job.get("hosts")).hasSize(2);
        JsonNode sutView = job.get("hosts").get(0);
        assertThat(sutView.get("role").stringValue()).isEqualTo("sut");
        assertThat(sutView.get("agent").stringValue()).isEqualTo("hc-sut");
        assertThat(fact(sutView, "nic.mtu")).isEqualTo("1500");
        assertThat(audit(sutView, "bql").get("verdict").stringValue()).isEqualTo("pass");
        assertThat(audit(sutView, "tx-ring").get("note").stringValue())
                .isEqualTo("ethtool -g: netlink error: Operation not supported");
        JsonNode peerView = job.get("hosts").get(1);
        assertThat(peerView.get("role").stringValue()).isEqualTo("peer");
        assertThat(fact(peerView, "nic.mtu")).isEqualTo("1400");
        assertThat(Instant.parse(peerView.get("readAt").stringValue()))
                .as("dated when it was read, not when it arrived")
                .isBefore(Instant.parse(sutView.get("readAt").stringValue()).minusSeconds(3));
        // each host reads the interface towards the other's test address, for this job
        assertThat(peer.calls).anyMatch(call -> call.equals("/v1/host-config {\"towards\":\"127.0.0.1\",\"jobId\":"
                + jobId + "}"));
        assertThat(sut.calls).anyMatch(call -> call.startsWith("/v1/host-config "));

        JsonNode hosts = json(api().get("/api/v1/jobs/" + jobId + "/results")).get("hosts");
        assertThat(hosts.get(0).get("driver").stringValue()).as("the SUT's runs say it").isEqualTo("ena 2.11.0");
        assertThat(hosts.get(1).get("driver").stringValue()).as("the peer's reading says it")
                .isEqualTo("virtio_net 1.0.0");

        JsonNode run = json(api().get("/api/v1/runs/" + runId + "/configuration"));
        assertThat(run.get("hosts")).extracting(host -> host.get("agent").stringValue())
                .containsExactly("hc-sut", "hc-peer");
        assertThat(run.get("enaExpress").isNull()).isTrue();
        JsonNode latest = json(api().get("/api/v1/agents/hc-peer/configuration"));
        assertThat(latest.get("hosts").get(0).get("configId").longValue())
                .isEqualTo(peerView.get("configId").longValue());
        assertThat(api().get("/api/v1/runs/999999/configuration").statusCode()).isEqualTo(404);
        assertThat(api().get("/api/v1/agents/nobody/configuration").statusCode()).isEqualTo(404);
    }

    @Test
    void compareListsExactlyWhatChangedBetweenTwoJobsAndQualifiesItsVerdict() throws IOException {
        TestAgent sut = agent("hc-a").answersHostConfig(VETH);
        agent("hc-b").answersHostConfig(VETH);
        long before = runJob(sut, "hc-a", "hc-b", "iperf3-312-tcp-1-upload-server-lab.json")[0];
        sut.answersHostConfig(TUNED);
        long tuned = runJob(sut, "hc-a", "hc-b", "iperf3-312-tcp-1-upload.json")[0];
        long again = runJob(sut, "hc-a", "hc-b", "iperf3-318-tcp-1-upload.json")[0];

        JsonNode changed = comparison("groupBy=job&job=" + before + "&job=" + tuned);
        assertThat(changed.get("configuration").get("differences"))
                .extracting(d -> d.get("fact").stringValue() + "@" + d.get("host").stringValue())
                .containsExactly("nic.channels.rx@sut", "nic.channels.tx@sut", "nic.mtu@sut", "nic.offload.gro@sut",
                        "net.ipv4.tcp_autocorking@sut");
        assertThat(changed.get("verdict").stringValue()).endsWith("; but the groups also differ in RX queue count on "
                + "the SUT, TX queue count on the SUT, MTU on the SUT and 2 more settings, so this is not the job "
                + "alone");

        JsonNode unchanged = comparison("groupBy=job&job=" + tuned + "&job=" + again);
        assertThat(unchanged.get("configuration").get("differences")).isEmpty();
        assertThat(unchanged.get("verdict").stringValue()).doesNotContain("differ in");

        String csv = api().get("/api/v1/export/comparison.csv?groupBy=job&job=" + before + "&job=" + tuned).body();
        assertThat(csv.lines().findFirst().orElseThrow()).contains(",explanation,configDifferences,");
        assertThat(csv).contains("MTU on the SUT: 1500 (job #" + before + ") vs 9000 (job #" + tuned + ")");
        String report = api().get("/api/v1/reports?groupBy=job&job=" + before + "&job=" + tuned).body();
        assertThat(report).contains("Host settings that also differ: RX queue count on the SUT: 1 (job #" + before
                + ") vs 2 (job #" + tuned + ")");

        JsonNode byMtu = json(api().get("/api/v1/compare?groupBy=config&fact=nic.mtu&sut=hc-a"));
        assertThat(byMtu.get("scenarios").get(0).get("groups"))
                .extracting(group -> group.get("label").stringValue())
                .containsExactly("MTU on the SUT 1500", "MTU on the SUT 9000");
    }

    @Test
    void aHostThatCannotTellIsRecordedSoAndTheScenarioRunsAllTheSame() throws IOException {
        TestAgent sut = agent("hc-quiet-a");
        agent("hc-quiet-b");

        long jobId = runJob(sut, "hc-quiet-a", "hc-quiet-b", "iperf3-312-tcp-1-download.json")[0];

        JsonNode hosts = json(api().get("/api/v1/jobs/" + jobId + "/configuration")).get("hosts");
        assertThat(hosts).extracting(host -> host.get("unreadable").stringValue(null))
                .containsOnly("the agent's answer held no configuration");
        assertThat(json(api().get("/api/v1/jobs/" + jobId)).get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(api().get("/api/v1/compare?groupBy=config").statusCode()).isEqualTo(400);
    }

    /** One TCP 1-stream scenario with this output as its run: {job id, run id}. */
    private long[] runJob(TestAgent sut, String sutName, String peerName, String sample) {
        long jobId = json(api().createJob("{\"sut\": \"" + sutName + "\", \"peer\": \"" + peerName + "\", "
                + "\"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": 10, \"intervalSeconds\": 1}]}"))
                .get("id").longValue();
        JsonNode scenario = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0);
        long runId = json(sut.postResult(JobApiClient.result(scenario, jobId, sample))).get("runId").longValue();
        Eventually.await("job " + jobId + " to end", JobApiClient.PATIENCE, () -> api().job(jobId),
                job -> job.get("status").stringValue().equals("SUCCEEDED"));
        return new long[]{jobId, runId};
    }

    private JsonNode comparison(String query) {
        return json(api().get("/api/v1/compare?" + query)).get("scenarios").get(0).get("comparison");
    }

    private static String fact(JsonNode host, String name) {
        for (JsonNode fact : host.get("facts")) {
            if (fact.get("name").stringValue().equals(name)) {
                return fact.get("value").stringValue();
            }
        }
        return null;
    }

    private static JsonNode audit(JsonNode host, String id) {
        for (JsonNode row : host.get("audit")) {
            if (row.get("id").stringValue().equals(id)) {
                return row;
            }
        }
        throw new AssertionError("no audit row " + id);
    }

    private TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent("http://127.0.0.1:" + port, JobApiClient.AGENT_TOKEN, name).register();
        agents.add(agent);
        return agent;
    }

    private JobApiClient api() {
        return new JobApiClient("http://127.0.0.1:" + port);
    }
}
