package com.burstline.server.analysis;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Change-point detection on real per-interval data: iperf3 runs 12 s across the lab's 5 Gbit/s veth, and 6 s in the
 * client side's shaper drops to 0.5 Gbit/s (what an exhausted burst allowance does to a t4g.large). The run is
 * uploaded as t4g.large with a 5 Gbit/s burst and 0.5 Gbit/s baseline, and its findings must place the step within
 * one interval (1 s) of when the shaper changed. A run with no change must have no such finding.
 */
class BurstExhaustionIT extends LabServerTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final double INTERVAL_SECONDS = 1.0;

    @BeforeEach
    void fullRate() {
        LabNetwork.shapeClientSide("5gbit");
    }

    @Test
    void stepFromBurstToBaselineIsFoundWithinOneIntervalOfTheShaperChange() throws Exception {
        Measured run = measure(5301, 6.0);

        JsonNode burst = finding(upload(run.output()), "burst-exhausted");

        assertThat(burst).as("burst-exhausted finding").isNotNull();
        JsonNode data = burst.get("data");
        assertThat(data.get("atSeconds").doubleValue()).isCloseTo(run.changedAtSeconds(),
                org.assertj.core.api.Assertions.within(INTERVAL_SECONDS));
        assertThat(data.get("beforeBitsPerSecond").doubleValue()).isGreaterThan(2.5e9);
        assertThat(data.get("afterBitsPerSecond").doubleValue()).isBetween(0.3e9, 0.6e9);
        assertThat(burst.get("message").stringValue()).contains("stepped down").contains("burst");
    }

    @Test
    void steadyRunHasNoBurstExhaustedFinding() throws Exception {
        Measured run = measure(5302, -1);

        JsonNode findings = upload(run.output());

        assertThat(finding(findings, "burst-exhausted")).isNull();
        assertThat(finding(findings, "percent-of-limit")).isNotNull();
    }

    private record Measured(byte[] output, double changedAtSeconds) {
    }

    /**
     * The change's time is taken from the client's launch: iperf3's own start timestamp has whole seconds only, and
     * on the lab's veth the connection is up within milliseconds, so launch time is the closer reference.
     */
    private Measured measure(int port, double changeAfterSeconds) throws Exception {
        Path serverOut = outputDir.resolve("server-" + port + ".json");
        Path clientOut = outputDir.resolve("client-" + port + ".json");
        Process server = LabNetwork.start(LabNetwork.SERVER_NS, List.of("iperf3", "-s", "-1", "-p",
                Integer.toString(port)), serverOut);
        try {
            Thread.sleep(500);
            long launched = System.nanoTime();
            Process client = LabNetwork.start(LabNetwork.CLIENT_NS, List.of("iperf3", "-c", LabNetwork.SERVER_ADDRESS,
                    "-p", Integer.toString(port), "-t", "12", "-i", "1", "-J"), clientOut);
            double changedAt = -1;
            if (changeAfterSeconds > 0) {
                Thread.sleep((long) (changeAfterSeconds * 1000));
                LabNetwork.shapeClientSide("500mbit");
                changedAt = (System.nanoTime() - launched) / 1e9;
            }
            assertThat(client.waitFor(40, TimeUnit.SECONDS)).as("iperf3 client finished").isTrue();
            assertThat(client.exitValue()).as("iperf3 client exit code").isZero();
            return new Measured(LabNetwork.read(clientOut), changedAt);
        } finally {
            server.destroy();
        }
    }

    private JsonNode upload(byte[] output) {
        var created = api.upload(output, "application/json", "?instanceType=t4g.large&burstLimitGbps=5&baselineGbps=0.5");
        assertThat(created.statusCode()).as(created.body()).isIn(200, 201);
        long id = JSON.readTree(created.body()).get("id").longValue();
        return JSON.readTree(api.get("/api/v1/runs/" + id + "/findings").body());
    }

    private static JsonNode finding(JsonNode findings, String kind) {
        for (JsonNode finding : findings) {
            if (kind.equals(finding.get("kind").stringValue())) {
                return finding;
            }
        }
        return null;
    }
}
