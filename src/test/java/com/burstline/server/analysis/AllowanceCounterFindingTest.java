package com.burstline.server.analysis;

import com.burstline.iperf.Samples;
import com.burstline.server.job.AgentResult;
import com.burstline.server.job.JobMadeRuns;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * allowance-exceeded from the SUT agent's NIC counters: runs made by a job over real HTTP, the result carrying real
 * iperf3 output and the counter delta an ENA host reports (agent numbers, not iperf3's, so written here).
 */
@BurstlineTest
class AllowanceCounterFindingTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String JOB = """
            {"sut": "ena-sut", "peer": "ena-peer", "scenarios": [
              {"protocol": "TCP", "streams": 4, "direction": "upload", "durationSeconds": 5}]}""";

    @LocalServerPort
    int port;
    ApiClient api;
    JobMadeRuns jobs;

    @BeforeEach
    void clients() {
        api = new ApiClient(port);
        jobs = new JobMadeRuns(port, ApiClient.TOKEN);
    }

    @AfterEach
    void agentsGone() {
        jobs.close();
    }

    @Test
    void aGrownBandwidthAllowanceCounterIsAFindingWithTheNumbersAndWhatTheyMean() {
        long runId = jobs.measure(JOB, AgentResult.of("iperf3-312-tcp-4-upload.json").withCounters("""
                {"interface": "ens5", "delta": {"rx_bytes": 81234567, "tx_bytes": 2968705024, "rx_dropped": 0,
                 "bw_in_allowance_exceeded": 0, "bw_out_allowance_exceeded": 1520, "pps_allowance_exceeded": 0,
                 "conntrack_allowance_exceeded": 0, "linklocal_allowance_exceeded": 0}}""")).runIds().get(0);

        List<JsonNode> allowance = ofKind(get("/api/v1/runs/" + runId + "/findings"), "allowance-exceeded");

        assertThat(allowance).hasSize(1);
        JsonNode finding = allowance.get(0);
        assertThat(finding.get("severity").stringValue()).isEqualTo("warning");
        JsonNode data = finding.get("data");
        assertThat(data.get("source").stringValue()).isEqualTo("nic-counters");
        assertThat(data.get("interface").stringValue()).isEqualTo("ens5");
        assertThat(data.get("bw_out_allowance_exceeded").longValue()).isEqualTo(1520);
        assertThat(data.get("bw_in_allowance_exceeded").longValue()).isZero();
        assertThat(data.get("exceeded").toString()).isEqualTo("[\"bw_out_allowance_exceeded\"]");
        assertThat(finding.get("message").stringValue()).contains("ens5", "bw_out_allowance_exceeded grew by 1,520",
                "outbound bandwidth allowance", "t4g.large's limit, not the driver's");
        String report = api.get("/api/v1/reports?run=" + runId).body();
        // The report escapes Markdown in every text it did not write itself, counter names included.
        assertThat(report).contains("**allowance-exceeded**", "bw\\_out\\_allowance\\_exceeded grew by 1,520");
    }

    @Test
    void countersThatDidNotGrowOrAreMissingGiveNoCounterFinding() {
        long quiet = jobs.measure(JOB, AgentResult.of("iperf3-318-tcp-4-upload.json").withCounters("""
                {"interface": "ens5", "delta": {"tx_bytes": 2968705024, "bw_out_allowance_exceeded": 0,
                 "pps_allowance_exceeded": 0}}""")).runIds().get(0);
        var uploaded = api.upload(Samples.bytes("iperf3-312-tcp-1-upload.json"), "application/json",
                "?instanceType=t4g.large");
        long upload = JSON.readTree(uploaded.body()).get("id").longValue();

        assertThat(ofKind(get("/api/v1/runs/" + quiet + "/findings"), "allowance-exceeded"))
                .noneMatch(finding -> "nic-counters".equals(finding.get("data").get("source").stringValue()));
        assertThat(ofKind(get("/api/v1/runs/" + upload + "/findings"), "allowance-exceeded"))
                .noneMatch(finding -> "nic-counters".equals(finding.get("data").get("source").stringValue()));
        assertThat(get("/api/v1/runs/" + quiet + "/findings").toString()).doesNotContain("grew by");
    }

    private JsonNode get(String path) {
        var response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static List<JsonNode> ofKind(JsonNode findings, String kind) {
        List<JsonNode> found = new ArrayList<>();
        findings.forEach(finding -> {
            if (kind.equals(finding.get("kind").stringValue())) {
                found.add(finding);
            }
        });
        return found;
    }
}
