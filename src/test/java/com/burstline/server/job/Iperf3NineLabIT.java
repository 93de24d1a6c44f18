package com.burstline.server.job;

import com.burstline.engine.Iperf3Binary;
import com.burstline.engine.Iperf3Reports;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agents whose iperf3 is Debian bullseye's 3.9 (as on Debian 11, Ubuntu 22.04 and RHEL 9), both of them, across the
 * {@link JobLab} {@code bloi} (10.91.0.0/24, shaped to 5 Gbit/s): every scenario kind of the standard plan, and
 * UDP downloads and --bidir, succeeds and is stored as iperf3 3.9 reported it. 3.9 has no --json-stream, so the live
 * figures come from the interface counters, and its UDP reports hold no received rate (docs/iperf3-shapes.md).
 * scripts/get-iperf3.sh bullseye unpacks it before the full tier.
 */
class Iperf3NineLabIT {
    private static final String LAB = "bloi";
    private static final double UDP_TARGET = 200e6;
    private static final Duration PATIENCE = Duration.ofMinutes(4);

    @TempDir
    static Path workDir;
    private static JobLab lab;
    private static JobApiClient api;

    @BeforeAll
    static void startLab() throws Exception {
        lab = JobLab.start(LAB, "10.91", workDir, List.of("--iperf3", Iperf3Binary.v39().command().get(0)));
        api = lab.api();
    }

    @AfterAll
    static void stopLab() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void everyScenarioKindSucceedsAndIsStoredAsIperf3NineReportedIt() {
        assertThat(json(api.get("/api/v1/agents/lab-a")).toString()).contains("\"iperf3Version\":\"3.9\"");
        var created = api.createJob("""
                {"sut": "lab-a", "peer": "lab-b", "scenarios": [
                  {"protocol": "TCP", "direction": "upload", "durationSeconds": 3, "tool": "iperf3"},
                  {"protocol": "TCP", "direction": "download", "streams": 4, "durationSeconds": 3, "tool": "iperf3"},
                  {"protocol": "UDP", "direction": "upload", "durationSeconds": 3, "tool": "iperf3",
                   "targetBitsPerSecond": 200000000},
                  {"protocol": "UDP", "direction": "download", "durationSeconds": 3, "tool": "iperf3",
                   "targetBitsPerSecond": 200000000},
                  {"protocol": "TCP", "direction": "bidir", "durationSeconds": 3, "tool": "iperf3"},
                  {"protocol": "UDP", "direction": "bidir", "durationSeconds": 3, "tool": "iperf3",
                   "targetBitsPerSecond": 200000000}]}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        List<String> live = api.liveSamples(jobId);
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        List<JsonNode> runs = new ArrayList<>();
        for (JsonNode scenario : job.get("scenarios")) {
            JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
            assertThat(run.get("tool").stringValue()).as(run.toString()).isEqualTo("iperf3");
            assertThat(run.get("toolVersion").stringValue()).isEqualTo("3.9");
            assertThat(run.get("status").stringValue()).isEqualTo("complete");
            assertThat(run.get("sentBitsPerSecond").doubleValue()).as(run.toString()).isPositive();
            assertThat(json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals")).size())
                    .isGreaterThanOrEqualTo(3);
            System.out.printf("iperf3 3.9 job: %s %s %s%n", run.get("protocol").stringValue(),
                    run.get("direction").stringValue(), run);
            runs.add(run);
        }
        assertTcp(runs.get(0), "upload", 1);
        assertTcp(runs.get(1), "download", 4);
        assertUdp(runs.get(2), "upload");
        assertUdp(runs.get(3), "download");
        assertTcp(runs.get(4), "bidir", 1);
        assertThat(runs.get(4).get("reverseReceivedBitsPerSecond").doubleValue()).isBetween(1e8, 5.1e9);
        assertUdp(runs.get(5), "bidir");
        assertThat(runs.get(5).get("reverseSentBitsPerSecond").doubleValue()).isPositive();
        assertThat(live).as("live samples of a 3.9 job").isNotEmpty()
                .allSatisfy(event -> assertThat(event).contains("\"source\":\"interface-counters\""))
                .anySatisfy(event -> assertThat(event).contains("\"direction\":\"download\""));
    }

    private static void assertTcp(JsonNode run, String direction, int streams) {
        assertThat(run.get("protocol").stringValue()).isEqualTo("TCP");
        assertThat(run.get("direction").stringValue()).isEqualTo(direction);
        assertThat(run.get("streams").intValue()).isEqualTo(streams);
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).as(run.toString()).isBetween(1e8, 5.1e9);
    }

    /**
     * iperf3 before 3.11 reports the sender's rate and the receiver's loss and jitter, all in {@code end.sum}; the
     * received rate is null. The loss is whatever the shared host let through: the run must hold 3.9's own figure.
     */
    private static void assertUdp(JsonNode run, String direction) {
        assertThat(run.get("protocol").stringValue()).isEqualTo("UDP");
        assertThat(run.get("direction").stringValue()).isEqualTo(direction);
        assertThat(run.get("targetBitsPerSecond").longValue()).isEqualTo((long) UDP_TARGET);
        assertThat(run.get("receivedBitsPerSecond").isNull()).as(run.toString()).isTrue();
        String raw = api.get("/api/v1/runs/" + run.get("id").longValue() + "/raw").body();
        assertThat(raw).doesNotContain("sum_sent").doesNotContain("sum_received");
        // the first sum of a --bidir report is the client-to-server direction, the run's own
        JsonNode sum = Iperf3Reports.read(raw.getBytes(StandardCharsets.UTF_8)).get("end").get("sum");
        assertThat(run.get("sentBitsPerSecond").doubleValue()).isEqualTo(sum.get("bits_per_second").doubleValue());
        assertThat(run.get("lostPercent").doubleValue()).isEqualTo(sum.get("lost_percent").doubleValue());
        assertThat(run.get("jitterMs").doubleValue()).isEqualTo(sum.get("jitter_ms").doubleValue());
    }
}
