package com.burstline.server.trend;

import com.burstline.iperf.Samples;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trend API over real uploads: the series is one pair's runs of one scenario in time order with their driver,
 * and a selection that mixes scenarios or pairs, or a parameter a trend does not have, is a 400 saying what to do.
 * Subclasses choose the database.
 */
@BurstlineTest
abstract class TrendApiBehaviour {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
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
