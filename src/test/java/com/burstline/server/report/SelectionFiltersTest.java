package com.burstline.server.report;

import com.burstline.iperf.Samples;
import com.burstline.server.job.AgentResult;
import com.burstline.server.job.JobMadeRuns;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.burstline.server.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding runs the way a person types: name filters ignore case and match inside the value on the runs list and in
 * the selection every compare, report and export uses; a UTC date range; the job filter; the known values; and the
 * runs CSV with jobId, status, a bidir run's reverse columns and plain decimals, named after the selection.
 */
@BurstlineTest
class SelectionFiltersTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void nameFiltersIgnoreCaseAndMatchInsideTheValueEverywhereASelectionIsRead() {
        long ena = upload("iperf3-318-udp-5g-upload.json", "?driver=ENA%20ARM64%202.2.1&sut=Arm-Host-A&tag=Nightly");
        long other = upload("iperf3-312-tcp-2-upload-omit-loopback.json", "?driver=virtio_net&sut=x86-b&tag=ad_hoc");

        assertThat(ids("/api/v1/runs?driver=ena")).contains(ena).doesNotContain(other);
        assertThat(ids("/api/v1/runs?sut=host-a&tag=night")).containsExactly(ena);
        assertThat(ids("/api/v1/runs?driver=NET")).contains(other).doesNotContain(ena);
        assertThat(ids("/api/v1/runs?tag=d_h")).containsExactly(other);
        assertThat(ids("/api/v1/runs?tag=d%25")).as("%% is taken literally").isEmpty();
        assertThat(api.get("/runs?driver=ena").body()).contains("href=\"/runs/" + ena + "\"")
                .doesNotContain("href=\"/runs/" + other + "\"");

        JsonNode compare = json("/api/v1/compare?driver=ena&sut=host-a");
        assertThat(compare.get("scenarios").get(0).get("groups").get(0).get("group").stringValue()).isEqualTo("ena");
        assertThat(compare.get("scenarios").get(0).get("groups").get(0).get("runIds").toString())
                .isEqualTo("[" + ena + "]");
        assertThat(json("/api/v1/compare?groupBy=sut&sut=x86").get("scenarios").get(0).get("groups").get(0)
                .get("runIds").toString()).isEqualTo("[" + other + "]");
        assertThat(csvRecords(api.get("/api/v1/export/runs.csv?driver=eNa&tag=NIGHT"))).extracting(row -> row.get("id"))
                .containsExactly(Long.toString(ena));
        assertThat(api.get("/api/v1/reports?driver=ena&sut=host-a").body()).contains("ENA ARM64 2.2.1")
                .doesNotContain("virtio_net");

        JsonNode values = json("/api/v1/runs/values");
        assertThat(values.get("driver").toString()).contains("\"ENA ARM64 2.2.1\"", "\"virtio_net\"");
        assertThat(values.get("tag").toString()).contains("\"Nightly\"", "\"ad_hoc\"");
    }

    @Test
    void aUtcDateRangeBoundsWhenTheRunStartedAndABadDateIs400() {
        long morning = upload("iperf3-318-tcp-1-upload-stream.json", "?tag=range", "application/x-ndjson");
        long afternoon = upload("iperf3-312-tcp-4-upload-long-loopback.json", "?tag=range"); // 15:52:21 UTC

        assertThat(ids("/api/v1/runs?tag=range&from=2026-11-30&to=2026-11-30")).containsExactly(afternoon, morning);
        assertThat(ids("/api/v1/runs?tag=range&from=2026-11-30T12:00")).containsExactly(afternoon);
        assertThat(ids("/api/v1/runs?tag=range&to=2026-11-30T12:00:00Z")).containsExactly(morning);
        assertThat(ids("/api/v1/runs?tag=range&to=2026-11-29")).isEmpty();
        assertThat(csvRecords(api.get("/api/v1/export/runs.csv?tag=range&from=2026-11-30T12:00")))
                .extracting(row -> row.get("id")).containsExactly(Long.toString(afternoon));
        assertProblem(api.get("/api/v1/runs?from=yesterday"), 400, "from must be a UTC date or time");
        assertProblem(api.get("/api/v1/runs?from=2026-12-01&to=2026-11-30"), 400, "must be before");
        assertProblem(api.get("/api/v1/compare?to=soon"), 400, "to must be a UTC date");
        assertThat(api.get("/runs?from=yesterday").body()).contains("from must be a UTC date or time");
    }

    @Test
    void aJobsRunsAreListedByJobAndItsCsvHasJobIdStatusReverseColumnsAndPlainDecimals() {
        JobMadeRuns.Measured measured;
        try (JobMadeRuns jobs = new JobMadeRuns(port, ApiClient.TOKEN)) {
            measured = jobs.measure("""
                    {"sut": "find-a", "peer": "find-b", "scenarios": [
                      {"protocol": "TCP", "direction": "bidir", "streams": 1, "durationSeconds": 5}]}""",
                    AgentResult.of("iperf3-312-tcp-1-bidir-loopback.json"));
        }
        long runId = measured.runIds().get(0);
        upload("iperf3-312-tcp-4-upload.json", "?tag=not-in-the-job");

        assertThat(ids("/api/v1/runs?job=" + measured.jobId())).containsExactly(runId);
        String page = api.get("/runs?job=" + measured.jobId()).body();
        assertThat(page).contains("href=\"/runs/" + runId + "\"").containsPattern("value=\"" + measured.jobId()
                + "\"");

        var csv = api.get("/api/v1/export/runs.csv?job=" + measured.jobId());
        assertThat(csv.headers().firstValue("Content-Disposition")).hasValue(
                "attachment; filename=\"burstline-runs-job-" + measured.jobId() + ".csv\"");
        Map<String, String> row = csvRecords(csv).get(0);
        assertThat(row.get("jobId")).isEqualTo(Long.toString(measured.jobId()));
        assertThat(row.get("status")).isEqualTo("SUCCEEDED");
        JsonNode run = json("/api/v1/runs/" + runId);
        assertThat(row.get("receivedBitsPerSecond")).doesNotContain("E").isNotEmpty();
        assertThat(Double.parseDouble(row.get("receivedBitsPerSecond")))
                .isEqualTo(run.get("receivedBitsPerSecond").doubleValue());
        assertThat(Double.parseDouble(row.get("reverseReceivedBitsPerSecond")))
                .isEqualTo(run.get("reverseReceivedBitsPerSecond").doubleValue());
        assertThat(row.get("reverseReceivedBitsPerSecond")).doesNotContain("E");
        assertThat(csv.body()).doesNotContainPattern("\\dE\\d");
        assertThat(csvRecords(api.get("/api/v1/export/runs.csv?tag=not-in-the-job")).get(0).get("status"))
                .isEqualTo("uploaded");
        assertThat(api.get("/api/v1/export/intervals.csv?driver=a%20b&tag=x").headers()
                .firstValue("Content-Disposition")).hasValue(
                "attachment; filename=\"burstline-intervals-driver-a-b-tag-x.csv\"");
    }

    private long upload(String sample, String query) {
        return upload(sample, query, "application/json");
    }

    private long upload(String sample, String query, String type) {
        var response = api.upload(Samples.bytes(sample), type, query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).get("id").longValue();
    }

    private JsonNode json(String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private List<Long> ids(String path) {
        List<Long> ids = new ArrayList<>();
        json(path).get("content").forEach(run -> ids.add(run.get("id").longValue()));
        return ids;
    }

    /** Simple CSV reading: these rows hold no quoted commas. */
    private static List<Map<String, String>> csvRecords(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String[] lines = response.body().split("\r\n");
        String[] header = lines[0].split(",", -1);
        List<Map<String, String>> records = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String[] fields = lines[i].split(",", -1);
            Map<String, String> record = new LinkedHashMap<>();
            for (int j = 0; j < header.length; j++) {
                record.put(header[j], fields[j]);
            }
            records.add(record);
        }
        return records;
    }
}
