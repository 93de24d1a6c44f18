package com.burstline.server.compare;

import com.burstline.server.hostconfig.RunConfigLookup;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.TestRuns;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Compare draws a driver verdict only where the driver decided every run of both groups; otherwise it says what
 * decided each side, in the catalog's words, and keeps the difference as a figure. Real iperf3 outputs
 * (src/test/resources/iperf3/README.md) uploaded as two drivers on t4g.large (5 Gbit/s burst) unless said otherwise.
 */
class DecidedSidesTest {
    private static final String OLD = "ENA 2.2.1";
    private static final String NEW = "ENA 2.11.0";

    /** The seed article's UDP 5 Gbit/s: 3.12 sent 16% of its target, 3.18 29%; each lost a third or more. */
    @Test
    void bothSenderLimitedComparesTheToolNotTheDriver() {
        ComparisonResult.Comparison comparison = compare(group(OLD, "iperf3-312-udp-5g-upload.json"),
                group(NEW, "iperf3-318-udp-5g-upload.json"));

        assertThat(comparison.verdictKind()).isEqualTo("sender-limits-both");
        assertThat(comparison.verdict()).startsWith("the sender limits both on UDP 5 Gbit/s upload: this compares "
                + "the tool or the sending host, not the driver; difference ").contains("against driver ENA 2.2.1");
        assertThat(comparison.verdict()).doesNotContain("faster", "slower", "significant", "p =");
        assertThat(comparison.deltaPercent()).as("the difference stays as a figure").isNotZero();
        assertThat(comparison.verdict()).contains(String.format(java.util.Locale.ROOT, "%+.1f%%",
                comparison.deltaPercent()));
    }

    @Test
    void bothAtTheCapComparesTheInstancesAllowance() {
        ComparisonResult.Comparison comparison = compare(group(OLD, "iperf3-312-tcp-4-upload.json"),
                group(NEW, "iperf3-318-tcp-4-upload.json"));

        assertThat(comparison.verdictKind()).isEqualTo("cap-limits-both");
        assertThat(comparison.verdict()).startsWith("the cap limits both on 4-stream upload: this compares the "
                + "instance's allowance, not the driver").doesNotContain("faster", "slower");
    }

    /** 807 and 503 retransmits per GB at 87% of the burst limit, both ends under half a core. */
    @Test
    void bothRetransmittingOnThePathComparesThePath() {
        ComparisonResult.Comparison comparison = compare(group(OLD, "iperf3-318-tcp-1-upload.json"),
                group(NEW, "iperf3-318-tcp-1-upload-stream.json"));

        assertThat(comparison.verdictKind()).isEqualTo("path-limits-both");
        assertThat(comparison.verdict()).contains("this compares the path between the hosts, not the driver");
    }

    /** The same real UDP 1 Gbit/s loss, counted by both receiving hosts' sockets (7,857 receive-buffer errors). */
    @Test
    void bothReceiversDroppingComparesTheReceivingHost() {
        Map<String, Long> dropped = Map.of("udp_rcvbuf_errors", 7857L);
        ComparisonResult.Comparison comparison = compare(
                List.of(run(OLD, "iperf3-312-udp-1g-upload-server-lab.json", 1, dropped)),
                List.of(run(NEW, "iperf3-312-udp-1g-upload-server-lab.json", 2, dropped)));

        assertThat(comparison.verdictKind()).isEqualTo("receiver-limits-both");
        assertThat(comparison.verdict()).contains("the receiver limits both", "this compares the receiving host");
    }

    /** One group at the cap and on the path, the other at the cap: said side by side, with the counts. */
    @Test
    void sidesDecidedApartNameWhatDecidedEachAndCountAMixedGroup() {
        ComparisonResult.Comparison comparison = compare(
                group(OLD, "iperf3-312-tcp-1-upload.json", "iperf3-318-tcp-1-upload.json"),
                group(NEW, "iperf3-312-tcp-1-upload-server-lab.json"));

        assertThat(comparison.verdictKind()).isEqualTo("decided-apart");
        assertThat(comparison.verdict()).startsWith("decided apart on 1-stream upload (driver ENA 2.2.1: the cap "
                + "(1), the path (1); driver ENA 2.11.0: the cap): a verdict on the driver needs the driver to "
                + "decide both sides; difference ").doesNotContain("faster", "slower");
    }

    /** 3.12 sent 86% of its 1 Gbit/s target; 3.18 sent all of it and lost none, measuring the driver. */
    @Test
    void aSenderShortOfItsTargetBesideOneThatDeliveredItIsNoDriverVerdict() {
        ComparisonResult.Comparison comparison = compare(group(OLD, "iperf3-312-udp-1g-upload.json"),
                group(NEW, "iperf3-318-udp-1g-upload.json"));

        assertThat(comparison.verdictKind()).isEqualTo("decided-apart");
        assertThat(comparison.verdict()).contains("(driver ENA 2.2.1: the sender; driver ENA 2.11.0: the driver)")
                .doesNotContain("faster", "slower");
    }

    /** A loopback run labelled t4g.large read 116% of its burst limit: the label is wrong, whatever the other side. */
    @Test
    void aRunBeyondTheLimitOnEitherSideSaysTheLabelIsWrong() {
        ComparisonResult.Comparison comparison = compare(group(OLD, "iperf3-312-tcp-4-upload.json"),
                group(NEW, "iperf3-312-tcp-4-upload-loopback.json"));

        assertThat(comparison.verdictKind()).isEqualTo("beyond-the-limit");
        assertThat(comparison.verdict()).startsWith("beyond the limit on 4-stream upload (driver ENA 2.2.1: the cap; "
                + "driver ENA 2.11.0: beyond the limit): this compares a wrong label");
    }

    /** Uploaded without an instance type: no limit is known, so neither side can be the driver's. */
    @Test
    void unknownSidesSayWhatIsNotKnown() {
        List<RunSummary> old = List.of(TestRuns.of("iperf3-312-tcp-1-upload.json").id(1)
                .labels("arm-a", "arm-b", null, OLD, List.of()).build());
        List<RunSummary> recent = List.of(TestRuns.of("iperf3-312-tcp-1-upload-server-lab.json").id(2)
                .labels("arm-a", "arm-b", null, NEW, List.of()).build());

        ComparisonResult.Comparison comparison = compare(old, recent);

        assertThat(comparison.verdictKind()).isEqualTo("not-known");
        assertThat(comparison.verdict()).startsWith("what decided either side is unknown on 1-stream upload, so no "
                + "verdict on the driver").endsWith("; not known: the instance's limit: no instance type or limit "
                + "is known");
    }

    /**
     * Two 1-stream uploads each, read as a 25 Gbit/s instance's (far under its limit, no retransmits, both ends
     * under a third of a core): every run the driver's, so the statistics speak and name the driver.
     */
    @Test
    void whereTheDriverDecidedEveryRunTheStatisticsSpeak() {
        ComparisonResult.Comparison comparison = compare(
                largeGroup(OLD, "iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-1-upload-server-lab.json"),
                largeGroup(NEW, "iperf3-312-tcp-1-upload-server-lab.json", "iperf3-312-tcp-1-upload.json"));

        assertThat(comparison.verdictKind()).isEqualTo("no-practical-difference");
        assertThat(comparison.verdict()).startsWith("no practical difference on 1-stream upload: driver ENA "
                + "2.11.0 is 0.0% ");
        assertThat(comparison.ci95LowPercent()).isNotNull();
        assertThat(comparison.deltaPercent()).isCloseTo(0, within(1e-9));
    }

    /**
     * The loaded-latency probe's p99 rides on the bulk traffic: beside two 4-stream uploads at the shaper the cap set
     * the queue it measured. Each run carries the real loopback probe's report (src/test/resources/latency).
     */
    @Test
    void theLatencyUnderLoadOfRunsAtTheCapIsNoDriverVerdictEither() throws IOException {
        List<RunSummary> old = group(OLD, "iperf3-312-tcp-4-upload.json");
        List<RunSummary> recent = group(NEW, "iperf3-318-tcp-4-upload.json");
        Map<Long, RunLatency> latency = Map.of(old.get(0).id(), probe(old.get(0).id(), 1.0),
                recent.get(0).id(), probe(recent.get(0).id(), 1.5));
        List<RunSummary> runs = new ArrayList<>(old);
        runs.addAll(recent);

        ComparisonResult result = new Comparisons(null, 1, name -> Optional.empty(), RunConfigLookup.NONE,
                ids -> latency).compare(new SelectionQuery(GroupBy.DRIVER, List.of(OLD, NEW), null, null), runs);

        ComparisonResult.Comparison comparison = result.latency().get(0).comparison();
        assertThat(comparison.verdictKind()).isEqualTo("cap-limits-both");
        assertThat(comparison.verdict()).startsWith("the cap limits both on 4-stream upload (p99 round trip): this "
                + "compares the instance's allowance, not the driver; difference +50.0% against driver ENA 2.2.1")
                .doesNotContain("higher (worse)");
    }

    /** The real probe's idle and loaded figures, the loaded ones scaled (another run's queue). */
    private static RunLatency probe(long runId, double scale) throws IOException {
        try (InputStream in = DecidedSidesTest.class.getResourceAsStream("/latency/probe-report-loopback.json")) {
            JsonNode summary = JsonMapper.shared().readTree(in).get("summary");
            RunLatency.Figures idle = figures(summary.get("idle"), 1);
            RunLatency.Figures loaded = figures(summary.get("loaded"), scale);
            return new RunLatency(runId, "loaded-latency", "result", "UDP", 64, 1, 50.0, 3.0, 1000.0, 6.6, null,
                    idle, loaded, null, null, null, loaded.p50Ms() / idle.p50Ms(), loaded.p99Ms() / idle.p99Ms(),
                    null, null, null, List.of());
        }
    }

    private static RunLatency.Figures figures(JsonNode stats, double scale) {
        return new RunLatency.Figures(stats.get("answered").longValue(), stats.get("lost").longValue(), 0.0,
                stats.get("minMs").doubleValue() * scale, stats.get("p50Ms").doubleValue() * scale,
                stats.get("p90Ms").doubleValue() * scale, stats.get("p99Ms").doubleValue() * scale,
                stats.get("p999Ms").doubleValue() * scale, stats.get("maxMs").doubleValue() * scale,
                stats.get("meanMs").doubleValue() * scale);
    }

    private static ComparisonResult.Comparison compare(List<RunSummary> old, List<RunSummary> recent) {
        List<RunSummary> runs = new ArrayList<>(old);
        runs.addAll(recent);
        ComparisonResult result = new Comparisons(null, 1, name -> Optional.empty(), RunConfigLookup.NONE,
                ids -> Map.of()).compare(new SelectionQuery(GroupBy.DRIVER, List.of(OLD, NEW), null, null), runs);
        assertThat(result.scenarios()).hasSize(1);
        return result.scenarios().get(0).comparison();
    }

    private static long nextId = 1;

    private static List<RunSummary> group(String driver, String... samples) {
        List<RunSummary> runs = new ArrayList<>();
        for (String sample : samples) {
            runs.add(run(driver, sample, nextId++, null));
        }
        return runs;
    }

    /** As {@link #group}, on an instance whose limit is 25 Gbit/s (burst and baseline alike). */
    private static List<RunSummary> largeGroup(String driver, String... samples) {
        List<RunSummary> runs = new ArrayList<>();
        for (String sample : samples) {
            runs.add(TestRuns.of(sample).id(nextId++).labels("arm-a", "arm-b", "c6in.8xlarge", driver, List.of())
                    .limits(25e9, 25e9).build());
        }
        return runs;
    }

    private static RunSummary run(String driver, String sample, long id, Map<String, Long> receiverDrops) {
        TestRuns.Builder run = TestRuns.of(sample).id(id).labels("arm-a", "arm-b", "t4g.large", driver, List.of())
                .limits(5e9, 0.512e9);
        return (receiverDrops == null ? run : run.receiverDrops(receiverDrops)).build();
    }
}
