package com.burstline.server.job;

import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.probe.StepDown;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.JSON;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The burst probe across a real shaped link ({@link JobLab} blprobe, 10.82.0.0/24): lab-a probes its upload through
 * a veth shaped to 5 Gbit/s, and the test lowers that shaper to 0.5 Gbit/s mid-run ({@code tc qdisc change}) once the
 * job's live samples pass {@value #DROP_AFTER_SECONDS} s, as a t4g.large's credits running out would. The probe must
 * stop itself within a few intervals of the drop and place it within one interval; with no drop it runs to its
 * maximum and reports none. The drop's moment is known on the probe's own clock because the test changes the rate
 * as soon as it sees the sample that ends there.
 */
class BurstProbeLabIT {
    private static final double DROP_AFTER_SECONDS = 6;
    private static final double INTERVAL = BurstProbePlan.INTERVAL;
    private static final double BURST = 5e9;
    private static final double BASELINE = 0.5e9;
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    @TempDir
    static Path workDir;
    private static JobLab lab;
    private static JobApiClient api;

    @BeforeAll
    static void startLab() throws Exception {
        lab = JobLab.start("blprobe", "10.82", workDir);
        api = lab.api();
    }

    @AfterAll
    static void stopLab() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    @BeforeEach
    void fullRate() throws Exception {
        lab.shapeSutUpload("5gbit");
    }

    @Test
    void theProbeStopsSoonAfterTheRateDropsAndPlacesTheDropWithinOneInterval() throws Exception {
        long jobId = create("{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"plan\": \"burst-probe\", "
                + "\"maxDurationSeconds\": 20, \"tags\": [\"probe\"]}");
        double droppedAt = lowerRateOnceSamplesPass(jobId, DROP_AFTER_SECONDS, "500mbit");

        JsonNode job = awaitEnd(jobId);
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        JsonNode scenario = job.get("scenarios").get(0);
        JsonNode probe = scenario.get("probe");
        System.out.println("probe with drop at " + droppedAt + " s: " + probe);

        assertThat(scenario.get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(scenario.get("error").isNull()).isTrue();
        double exhausted = probe.get("exhaustedAfterSeconds").doubleValue();
        assertThat(exhausted).as("the drop, placed on the probe's clock").isCloseTo(droppedAt, within(INTERVAL));
        // the probe ends once the drop is confirmed: its samples go no further than the confirming intervals
        assertThat(probe.get("measuredSeconds").doubleValue()).as("stopped within a few intervals, not at 20 s")
                .isLessThanOrEqualTo(droppedAt + (StepDown.CONFIRMING_INTERVALS + 2) * INTERVAL);
        double burst = probe.get("burstBitsPerSecond").doubleValue();
        double baseline = probe.get("baselineBitsPerSecond").doubleValue();
        // At most the shaped rate; at least twice the lowered one, or no drop could be seen. Not near 5 Gbit/s: on
        // a shared 2-core machine the load, not the shaper, can set the burst rate.
        assertThat(burst).isBetween(2 * BASELINE, 1.02 * BURST);
        assertThat(baseline).isBetween(0.7 * BASELINE, 1.05 * BASELINE);
        assertThat(probe.get("creditBits").doubleValue()).as("bits above the baseline until the drop")
                .isCloseTo((burst - baseline) * exhausted, within(0.2 * (burst - baseline) * exhausted));
        assertThat(probe.get("host").stringValue()).isEqualTo("lab-a");
        assertThat(probe.get("direction").stringValue()).isEqualTo("upload");
        assertThat(probe.get("source").stringValue()).isNotBlank();
        assertThat(probe.get("summary").stringValue()).contains("then ", "baseline", "An estimate from one probe");
        // both agents are free again: the next job runs
        assertThat(awaitEnd(create("{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"scenarios\": [{\"protocol\": "
                + "\"TCP\", \"durationSeconds\": 2}]}")).get("status").stringValue()).isEqualTo("SUCCEEDED");
    }

    @Test
    void withoutADropTheProbeRunsToItsMaximumInEachDirectionAndReportsNone() {
        long jobId = create("{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"plan\": \"burst-probe\", "
                + "\"maxDurationSeconds\": 8, \"probeDirections\": [\"upload\", \"download\"]}");

        JsonNode job = awaitEnd(jobId);
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(job.get("scenarios")).hasSize(2);
        for (JsonNode scenario : job.get("scenarios")) {
            JsonNode probe = scenario.get("probe");
            System.out.println("probe without drop: " + probe);
            assertThat(probe.get("exhaustedAfterSeconds").isNull()).as(probe.toString()).isTrue();
            assertThat(probe.get("baselineBitsPerSecond").isNull()).isTrue();
            assertThat(probe.get("creditBits").isNull()).isTrue();
            double burst = probe.get("burstBitsPerSecond").doubleValue();
            assertThat(burst).isBetween(2 * BASELINE, 1.02 * BURST);
            double received = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()))
                    .get("receivedBitsPerSecond").doubleValue();
            // the probe's level is a median of 1 s counter samples, iperf3's figure a mean: close on a quiet machine,
            // further apart when other test runs make the rate swing
            assertThat(burst).as("the probe's samples agree with iperf3's own figure for the run")
                    .isCloseTo(received, within(0.3 * received));
            assertThat(probe.get("measuredSeconds").doubleValue()).isGreaterThanOrEqualTo(8 - 2 * INTERVAL);
            assertThat(probe.get("runId").longValue()).as("a probe that ran to its end keeps its run")
                    .isEqualTo(scenario.get("runId").longValue());
        }
        assertThat(job.get("scenarios").valueStream().map(scenario -> scenario.get("direction").stringValue()))
                .containsExactly("upload", "download");
        // the job's runs make a report, and it shows the SUT's latest probes (the earlier test's drop among them)
        var report = api.get("/api/v1/reports?job=" + jobId);
        assertThat(report.statusCode()).as(report.body()).isEqualTo(200);
        assertThat(report.body()).contains("## Burst Credit", "Estimates from one probe each", "| lab-a | Upload |",
                "| lab-a | Download |");
    }

    private static long create(String request) {
        var created = api.createJob(request);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created).get("id").longValue();
    }

    private static JsonNode awaitEnd(long jobId) {
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                current -> !List.of("QUEUED", "RUNNING").contains(current.get("status").stringValue()));
    }

    /**
     * Follows the job's event stream and changes the shaper as soon as a live sample ends at or after
     * {@code seconds}; returns that sample's end, the drop's moment on the probe's clock (the change follows within
     * milliseconds).
     */
    private static double lowerRateOnceSamplesPass(long jobId, double seconds, String rate) throws Exception {
        HttpResponse<Stream<String>> stream = HttpClient.newHttpClient().send(HttpRequest
                        .newBuilder(URI.create(lab.base() + "/api/v1/jobs/" + jobId + "/events"))
                        .header("Authorization", "Bearer " + API_TOKEN).build(),
                HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = stream.body()) {
            Iterator<String> events = lines.iterator();
            double end = CompletableFuture.supplyAsync(() -> firstSampleEndingAfter(events, seconds))
                    .get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            lab.shapeSutUpload(rate);
            return end;
        }
    }

    private static double firstSampleEndingAfter(Iterator<String> lines, double seconds) {
        boolean samples = false;
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("event:")) {
                samples = line.equals("event:samples");
            } else if (samples && line.startsWith("data:")) {
                for (JsonNode sample : JSON.readTree(line.substring("data:".length())).get("samples")) {
                    if (sample.get("end").doubleValue() >= seconds) {
                        return sample.get("end").doubleValue();
                    }
                }
            }
        }
        throw new AssertionError("the event stream ended before a sample passed " + seconds + " s");
    }
}
