package com.burstline.server.trend;

import com.burstline.contract.LatencyReport;
import com.burstline.iperf.Samples;
import com.burstline.server.job.JobApiClient;
import com.burstline.server.latency.LatencyStore;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import com.burstline.testsupport.LatencyReports;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The trend API over real uploads: the series is one pair's runs of one scenario in time order with their driver,
 * and a selection that mixes scenarios or pairs, or a parameter a trend does not have, is a 400 saying what to do.
 * Subclasses choose the database.
 */
@BurstlineTest
abstract class TrendApiBehaviour {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final LatencyReport PROBE = LatencyReports.probe();

    @LocalServerPort
    int port;
    @Autowired
    LatencyStore latencies;
    ApiClient api;

    @BeforeEach
    void uploads() {
        api = new ApiClient(port);
        upload("iperf3-312-tcp-1-upload.json", "2.2.1", "tr-a");
        upload("iperf3-318-tcp-1-upload.json", "2.3.0", "tr-a");
        upload("iperf3-318-tcp-1-upload-stream.json", "2.3.0", "tr-a");
        upload("iperf3-312-tcp-4-upload.json", "2.2.1", "tr-a");
        upload("iperf3-312-tcp-1-download.json", "2.2.1", "tr-c");
    }

    @Test
    void seriesIsThePairsRunsOfOneScenarioInTimeOrderWithTheirDrivers() {
        JsonNode trend = ok("/api/v1/trends?sut=tr-a&peer=tr-b&protocol=TCP&direction=upload&streams=1");

        assertThat(trend.get("scenario").stringValue()).isEqualTo("TCP 1 stream upload");
        assertThat(trend.get("runCount").intValue()).isEqualTo(3);
        JsonNode points = trend.get("points");
        assertThat(points).hasSize(3);
        Instant previous = Instant.MIN;
        for (JsonNode point : points) {
            Instant time = Instant.parse(point.get("time").stringValue());
            assertThat(time).isAfterOrEqualTo(previous);
            previous = time;
        }
        assertThat(points.get(0).get("driver").stringValue()).isEqualTo("2.2.1");
        assertThat(trend.get("driverChanges")).hasSize(1);
        assertThat(trend.get("driverChanges").get(0).get("to").stringValue()).isEqualTo("2.3.0");
        assertThat(trend.get("changePoints")).as("three runs are too few for a change").isEmpty();
        assertThat(trend.get("burstLimitBitsPerSecond").doubleValue()).isEqualTo(5e9);
        assertThat(trend.get("method").get("permutations").intValue()).isEqualTo(Trends.PERMUTATIONS);
    }

    @Test
    void lastKeepsTheNewestRunsAndSaysOlderOnesWereLeftOut() {
        JsonNode trend = ok("/api/v1/trends?sut=tr-a&protocol=TCP&direction=upload&streams=1&last=2");

        assertThat(trend.get("points")).hasSize(2);
        assertThat(trend.get("olderRunsLeftOut").booleanValue()).isTrue();
        assertThat(trend.get("points").get(0).get("driver").stringValue()).isEqualTo("2.3.0");
    }

    @Test
    void emptySelectionIsAnEmptySeries() {
        JsonNode trend = ok("/api/v1/trends?sut=nobody&protocol=TCP&direction=upload&streams=1");

        assertThat(trend.get("points")).isEmpty();
        assertThat(trend.get("changePoints")).isEmpty();
    }

    @Test
    void mixedScenariosOrPairsOrUnknownParametersAreClearErrors() {
        assertThat(problem("/api/v1/trends?sut=tr-a&protocol=TCP&direction=upload"))
                .contains("one scenario").contains("TCP 1 stream upload").contains("TCP 4 streams upload")
                .contains("streams");
        assertThat(problem("/api/v1/trends?protocol=TCP&streams=1")).contains("one pair").contains("tr-a → tr-b");
        assertThat(problem("/api/v1/trends?sut=tr-a&groupBy=driver")).contains("unknown parameter 'groupBy'");
        assertThat(problem("/api/v1/trends?sut=tr-a&last=1")).contains("last must be between 2 and 10000");
        assertThat(problem("/api/v1/trends?sut=tr-a&streams=four")).contains("streams must be a whole number");
        assertThat(problem("/api/v1/trends?job=x")).contains("job must be a job id");
    }

    /**
     * Issue 31's driver update, at the same throughput: six real runs of one lab output with driver 2.2.1 and the
     * probe's real report, then six of another output at the same rate (4.781 and 4.782 Gbit/s) with 2.3.0 and that
     * report with every round trip doubled. Each copy of an output is its own run, with its own cookie, as two
     * real runs are. The 0.03% throughput step is far below the 5% a throughput change must be, so only the latency
     * change is reported.
     */
    @Test
    void aDoubledP99UnderLoadAtTheSameThroughputIsALatencyChangePointAndNoThroughputOne() {
        List<Long> runs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            boolean before = i < 6;
            String file = before ? "iperf3-312-tcp-1-upload.json" : "iperf3-312-tcp-1-upload-server-lab.json";
            String output = JobApiClient.ownRun(new String(Samples.bytes(file), StandardCharsets.UTF_8), 0, i, 1);
            HttpResponse<String> uploaded = api.upload(output.getBytes(StandardCharsets.UTF_8), "application/json",
                    "?driver=" + (before ? "2.2.1" : "2.3.0") + "&sut=tr-lat-a&peer=tr-lat-b");
            assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
            long runId = JSON.readTree(uploaded.body()).get("id").longValue();
            latencies.insert(runId, before ? PROBE : LatencyReports.doubled(PROBE), LatencyStore.FROM_RESULT);
            runs.add(runId);
        }

        JsonNode trend = ok("/api/v1/trends?sut=tr-lat-a&peer=tr-lat-b&protocol=TCP&direction=upload&streams=1");

        assertThat(trend.get("runCount").intValue()).isEqualTo(12);
        assertThat(trend.get("changePoints")).as("the throughput stayed").isEmpty();
        assertThat(trend.get("spread").get("steady").booleanValue()).isTrue();
        JsonNode figure = trend.get("latencyFigure");
        assertThat(figure.get("id").stringValue()).isEqualTo("loaded-p99");
        assertThat(figure.get("name").stringValue()).isEqualTo("p99 under load");
        assertThat(figure.get("unit").stringValue()).isEqualTo("ms");
        assertThat(figure.get("higherIsWorse").booleanValue()).isTrue();
        assertThat(trend.get("points").get(0).get(figure.get("field").stringValue()).doubleValue())
                .isEqualTo(PROBE.summary().loaded().p99Ms());
        assertThat(trend.get("latencyChangePoints")).hasSize(1);
        JsonNode change = trend.get("latencyChangePoints").get(0);
        assertThat(change.get("runId").longValue()).isEqualTo(runs.get(6));
        assertThat(change.get("before").doubleValue()).isEqualTo(PROBE.summary().loaded().p99Ms());
        assertThat(change.get("after").doubleValue()).isEqualTo(2 * PROBE.summary().loaded().p99Ms());
        assertThat(change.get("changePercent").doubleValue()).isCloseTo(100, within(1e-9));
        assertThat(change.get("worse").booleanValue()).isTrue();
        assertThat(change.get("pValue").doubleValue()).isLessThanOrEqualTo(Trends.SIGNIFICANCE);
        assertThat(change.get("description").stringValue()).isEqualTo("TCP 1 stream upload on tr-lat-a → tr-lat-b: "
                + "p99 under load rose 100.0% from 380 ms to 759 ms (worse) at run " + runs.get(6) + ", after the "
                + "driver changed from 2.2.1 to 2.3.0");
        assertThat(trend.get("method").get("minLatencyChangePercent").doubleValue())
                .isEqualTo(Trends.MIN_LATENCY_CHANGE_PERCENT);
    }

    private JsonNode ok(String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private String problem(String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("application/problem+json"));
        return JSON.readTree(response.body()).get("detail").stringValue();
    }

    private void upload(String file, String driver, String sut) {
        HttpResponse<String> response = api.upload(Samples.bytes(file), file.contains("stream.json")
                ? "application/x-ndjson" : "application/json",
                "?instanceType=t4g.large&driver=" + driver + "&sut=" + sut + "&peer=tr-b");
        assertThat(response.statusCode()).as(response.body()).isIn(200, 201);
    }
}
