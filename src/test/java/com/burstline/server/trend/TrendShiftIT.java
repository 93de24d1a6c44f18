package com.burstline.server.trend;

import com.burstline.server.analysis.LabNetwork;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Change points on a real series: 18 iperf3 runs of 2 s across a veth of its own (namespaces bltr-a and bltr-b,
 * 10.79.0.0/24), the first 10 shaped to 5 Gbit/s, the last 8 to 0.5 Gbit/s (as an instance whose burst credits ran
 * out). The driver named in the uploads changes at run 7, before the drop, so the change is the data's, not the
 * metadata's. The trend must put its one change point at run 11 (the first slow one); the 10 fast runs alone have
 * none.
 */
@BurstlineTest
class TrendShiftIT {
    private static final String LAB = "bltr";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SERIES = "/api/v1/trends?sut=bltr-a&peer=bltr-b&protocol=TCP&direction=upload&streams=1";

    @TempDir
    static Path dataDir;

    @LocalServerPort
    int port;

    @BeforeAll
    static void lab() {
        LabNetwork.up(LAB);
    }

    @AfterAll
    static void teardown() {
        LabNetwork.down(LAB);
    }

    @Test
    void dropInRateIsFoundAtTheFirstSlowRunAndTheFastRunsAloneAreSteady() throws Exception {
        ApiClient api = new ApiClient(port);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 18; i++) {
            if (i == 10) {
                LabNetwork.shapeClientSide(LAB, "500mbit");
            }
            String driver = i < 6 ? "2.2.1" : "2.3.0";
            ids.add(upload(api, measure(5401 + i), driver, i < 10 ? "fast" : "slow"));
        }

        JsonNode trend = get(api, SERIES);
        assertThat(trend.get("points")).hasSize(18);
        JsonNode changes = trend.get("changePoints");
        assertThat(changes).as(changes.toString()).hasSize(1);
        JsonNode change = changes.get(0);
        assertThat(change.get("runId").longValue()).isEqualTo(ids.get(10));
        assertThat(change.get("beforeBitsPerSecond").doubleValue()).isGreaterThan(3e9);
        assertThat(change.get("afterBitsPerSecond").doubleValue()).isBetween(0.3e9, 0.55e9);
        assertThat(change.get("changePercent").doubleValue()).isCloseTo(-90, within(5.0));
        assertThat(change.get("pValue").doubleValue()).isLessThanOrEqualTo(Trends.SIGNIFICANCE);
        assertThat(change.get("description").stringValue())
                .startsWith("TCP 1 stream upload on bltr-a → bltr-b dropped ")
                .contains("at run " + ids.get(10))
                .endsWith("after the driver changed from 2.2.1 to 2.3.0 at run " + ids.get(6));
        assertThat(trend.get("driverChanges").get(0).get("runId").longValue()).isEqualTo(ids.get(6));

        JsonNode fastOnly = get(api, SERIES + "&tag=fast");
        assertThat(fastOnly.get("points")).hasSize(10);
        assertThat(fastOnly.get("changePoints")).as("ten runs at one rate").isEmpty();
    }

    private static byte[] measure(int iperfPort) throws Exception {
        Path serverOut = dataDir.resolve("server-" + iperfPort + ".json");
        Path clientOut = dataDir.resolve("client-" + iperfPort + ".json");
        Process server = LabNetwork.start(LAB + "-b", List.of("iperf3", "-s", "-1", "-p",
                Integer.toString(iperfPort)), serverOut);
        try {
            Thread.sleep(400);
            Process client = LabNetwork.start(LAB + "-a", List.of("iperf3", "-c", LabNetwork.SERVER_ADDRESS, "-p",
                    Integer.toString(iperfPort), "-t", "2", "-i", "1", "-J"), clientOut);
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).as("iperf3 client finished").isTrue();
            assertThat(client.exitValue()).as("iperf3 client exit code").isZero();
            return LabNetwork.read(clientOut);
        } finally {
            server.destroy();
        }
    }

    private static long upload(ApiClient api, byte[] output, String driver, String tag) {
        HttpResponse<String> created = api.upload(output, "application/json", "?instanceType=t4g.large&driver="
                + driver + "&sut=bltr-a&peer=bltr-b&tag=" + tag);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).get("id").longValue();
    }

    private static JsonNode get(ApiClient api, String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }
}
