package com.burstline.server.job;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.PATIENCE;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compare draws a verdict on the driver only where the driver decided both sides (issue 29), across a real network:
 * the two namespaces of a {@link JobLab} joined by the 5 Gbit/s tbf veth, agents telling t4g.large (5 Gbit/s burst),
 * iperf3 at both ends. Two jobs on that one link, labelled as two drivers, each with a TCP 1-stream upload (at the
 * shaper: the cap) and a UDP upload at 5 Gbit/s (which iperf3 cannot send here: the sender): Compare, opened from the
 * later job's "Compare drivers" link, calls neither driver faster and says what decided each row. The counter-case:
 * UDP at 100 Mbit/s over the link shaped at 2 Gbit/s, under the limit with neither end at fault (the receiving agent
 * prioritised on these two shared cores), measures the driver.
 * Needs root, as CI is; the test builds and removes its own lab.
 */
class DriverCompareLabIT {
    private static final String LAB = "blcmp";
    private static final String OLD = "ENA 2.2.1";
    private static final String NEW = "ENA 2.11.0";

    @TempDir
    static Path workDir;
    private static JobLab lab;
    private static JobApiClient api;

    @BeforeAll
    static void startLab() throws Exception {
        lab = JobLab.start(LAB, "10.121", workDir);
        api = lab.api();
    }

    @AfterAll
    static void stopLab() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void twoDriversOnOneShapedLinkGetNoDriverVerdictWhereTheCapOrTheSenderDecided() {
        List<JsonNode> older = runs(job(OLD, TCP_1 + ", " + udp(5_000_000_000L, 3)));
        long newerJob = job(NEW, TCP_1 + ", " + udp(5_000_000_000L, 3));
        List<JsonNode> newer = runs(newerJob);
        for (JsonNode run : concat(older, newer)) {
            System.out.printf("%s %s %s: received %.2f Gbit/s, %s%n", run.get("driver").stringValue(),
                    run.get("protocol").stringValue(), run.get("targetBitsPerSecond"),
                    run.get("receivedBitsPerSecond").doubleValue() / 1e9, run.get("text").get("verdict").stringValue());
            String expected = "TCP".equals(run.get("protocol").stringValue()) ? "cap" : "sender";
            assertThat(run.get("verdict").get("id").stringValue()).as(run.toString()).isEqualTo(expected);
        }

        JsonNode link = json(api.get("/api/v1/jobs/" + newerJob + "/results")).get("driverComparison");
        assertThat(link.get("text").stringValue()).isEqualTo("Compare drivers on lab-a/lab-b: " + OLD + " vs " + NEW);
        JsonNode scenarios = json(api.get("/api/v1" + link.get("href").stringValue())).get("scenarios");
        assertThat(scenarios).hasSize(2);
        for (JsonNode scenario : scenarios) {
            JsonNode comparison = scenario.get("comparison");
            System.out.printf("Compare %s: [%s] %s%n", scenario.get("label").stringValue(),
                    comparison.get("verdictKind").stringValue(), comparison.get("verdict").stringValue());
            assertThat(scenario.get("groups").valueStream().map(group -> group.get("group").stringValue()))
                    .containsExactly(OLD, NEW);
            assertThat(comparison.get("baseline").stringValue()).isEqualTo(OLD);
            assertThat(comparison.get("verdict").stringValue()).as("no verdict on the driver")
                    .doesNotContain("faster", "slower", "significant", "no practical difference");
            assertThat(comparison.get("deltaPercent").isNumber()).as("the difference stays, as a figure").isTrue();
            if ("TCP".equals(scenario.get("protocol").stringValue())) {
                assertThat(comparison.get("verdictKind").stringValue()).isEqualTo("cap-limits-both");
                assertThat(comparison.get("verdict").stringValue()).startsWith("the cap limits both on ")
                        .contains("this compares the instance's allowance, not the driver");
            } else {
                assertThat(comparison.get("verdictKind").stringValue()).isEqualTo("sender-limits-both");
                assertThat(comparison.get("verdict").stringValue()).startsWith("the sender limits both on UDP 5 "
                        + "Gbit/s upload").contains("this compares the tool or the sending host, not the driver");
            }
        }
    }

    /**
     * 100 Mbit/s rather than 1 Gbit/s: on this two-core machine the receiving iperf3 3.12 loses 1–40% at 1 Gbit/s
     * into its 208 kB socket buffer whatever its priority (the receiver, rightly), and prioritised still lost 2% at
     * 200 Mbit/s beside the lab's JVMs; at 100 Mbit/s it keeps up (0.06–0.34% lost, under the 1% that is loss).
     * 5 s: the peer's iperf3 reports each second whatever the client's interval, and whether the burst credits ran
     * out needs 4 of its intervals; unknown, it would not be the driver.
     */
    @Test
    void udpUnderTheLimitWithNeitherEndAtFaultMeasuresTheDriver() throws Exception {
        lab.shapeSutUpload("2gbit");
        JsonNode run;
        try (AutoCloseable prioritised = lab.prioritisedPeer()) {
            run = runs(job(null, udp(100_000_000L, 5))).get(0);
        } finally {
            lab.shapeSutUpload("5gbit");
        }
        JsonNode verdict = run.get("verdict");
        System.out.printf("UDP 100 Mbit/s over the 2 Gbit/s shaper: received %.3f Gbit/s, sent %.1f%% of target, lost "
                        + "%.2f%%: %s%n", run.get("receivedBitsPerSecond").doubleValue() / 1e9,
                run.get("sentShareOfTarget").doubleValue(), run.get("lostPercent").doubleValue(),
                run.get("text").get("verdict").stringValue());

        assertThat(verdict.get("id").stringValue()).as(run.toString()).isEqualTo("driver");
        assertThat(verdict.get("unknown")).isEmpty();
        assertThat(run.get("lostPercent").doubleValue()).isLessThan(1);
    }

    private static final String TCP_1 = "{\"protocol\": \"TCP\", \"streams\": 1, \"direction\": \"upload\", "
            + "\"durationSeconds\": 3, \"tool\": \"iperf3\"}";

    private static String udp(long target, int seconds) {
        return "{\"protocol\": \"UDP\", \"direction\": \"upload\", \"durationSeconds\": " + seconds
                + ", \"tool\": \"iperf3\", \"targetBitsPerSecond\": " + target + "}";
    }

    /** A job of these scenarios on lab-a → lab-b, its runs labelled with the driver (unless null); its id. */
    private static long job(String driver, String scenarios) {
        String labels = driver == null ? "" : ", \"labels\": {\"driver\": \"" + driver + "\"}";
        var created = api.createJob("{\"sut\": \"lab-a\", \"peer\": \"lab-b\"" + labels + ", \"scenarios\": ["
                + scenarios + "]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        return jobId;
    }

    /**
     * The job's runs once the peer's drop counts are in (an upload's receiver is the peer, and what it counted is
     * part of the verdict).
     */
    private static List<JsonNode> runs(long jobId) {
        List<JsonNode> runs = new ArrayList<>();
        for (JsonNode scenario : api.job(jobId).get("scenarios")) {
            long runId = scenario.get("runId").longValue();
            Eventually.await("the peer's drop counts of run " + runId, PATIENCE,
                    () -> json(api.get("/api/v1/runs/" + runId + "/environment")),
                    environment -> "agent".equals(environment.get("receiverDrops").get(0).path("source")
                            .stringValue("")));
            runs.add(json(api.get("/api/v1/runs/" + runId)));
        }
        return runs;
    }

    private static List<JsonNode> concat(List<JsonNode> a, List<JsonNode> b) {
        List<JsonNode> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
