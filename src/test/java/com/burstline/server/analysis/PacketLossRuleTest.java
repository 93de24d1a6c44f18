package com.burstline.server.analysis;

import com.burstline.server.run.TestRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** packet-loss on real UDP runs (see src/test/resources/iperf3/README.md for each run and its receiver counters). */
class PacketLossRuleTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ParameterizedTest
    @ValueSource(strings = {"iperf3-312-udp-1g-upload.json", "iperf3-312-udp-5g-upload.json",
            "iperf3-312-udp-1g-upload-server-lab.json", "iperf3-312-udp-2g-upload-server-lab.json",
            "iperf3-312-udp-1g-upload-shaped-500m-server-lab.json"})
    void firesOnUploadsThatLostAtLeastOnePercentAndSaysTheReceiversCountersAreTheNextCheck(String sample) {
        RealRun run = RealRun.of(sample, 1);

        Finding finding = PacketLossRule.of(run.summary()).orElseThrow();

        assertThat(run.summary().figures().lostPercent()).isGreaterThanOrEqualTo(1.0);
        assertThat(finding.kind()).isEqualTo("packet-loss");
        assertThat(finding.data()).containsEntry("droppedBy", "unknown");
        assertThat(finding.message()).contains("The receiver lost", "RcvbufErrors", "CPU");
    }

    @ParameterizedTest
    @ValueSource(strings = {"iperf3-318-udp-1g-upload.json", "iperf3-318-udp-5g-upload.json",
            "iperf3-312-udp-300m-upload-server-lab.json", "iperf3-312-tcp-1-upload.json"})
    void doesNotFireUnderOnePercentOrOnTcp(String sample) {
        assertThat(PacketLossRule.of(RealRun.of(sample, 1).summary())).isEmpty();
    }

    /** iperf3 before 3.11 prints no received rate for UDP: the loss is iperf3's, the arrived rate unknown. */
    @Test
    void aUdpRunOfIperf39SaysWhatArrivedIsUnknownAndNoRuleTakesItForZero() {
        RealRun run = RealRun.of("iperf3-39-udp-100m-upload-loopback.json", 3);

        Finding finding = PacketLossRule.of(run.summary()).orElseThrow();

        assertThat(run.summary().figures().receivedBitsPerSecond()).isNull();
        assertThat(finding.message()).contains("lost 1.8% of the datagrams (100.00 Mbit/s sent, unknown arrived)");
        assertThat(RunAnalysis.findings(run.summary(), run.figures(), null)).extracting(Finding::kind)
                .contains("packet-loss").doesNotContain("percent-of-limit", "sender-limited");
    }

    @Test
    void aDownloadWhoseReceiverCountersGrewWasDroppedByTheReceiver() {
        // The SUT received this download; its namespace's RcvbufErrors grew by 55,391 during the run (measured).
        JsonNode counters = JSON.readTree("""
                {"interface": "blfx-ta", "delta": {"rx_bytes": 523000000, "rx_dropped": 0,
                 "udp_rcvbuf_errors": 55391}}""");
        RealRun run = RealRun.of("iperf3-312-udp-1g-download-server-lab.json", 2);

        Finding finding = PacketLossRule.of(TestRuns.from(run.summary()).sutCounters(counters.toString()).build())
                .orElseThrow();

        assertThat(finding.data()).containsEntry("droppedBy", "receiver");
        assertThat(finding.message()).contains("13.3%", "the receiver dropped them", "udp_rcvbuf_errors +55,391",
                "net.core.rmem_max");
    }

    @Test
    void aDownloadWhoseReceiverCountersStayedCleanWasDroppedByThePath() {
        JsonNode counters = JSON.readTree("""
                {"interface": "ens5", "delta": {"rx_dropped": 0, "udp_rcvbuf_errors": 0}}""");

        Finding finding = PacketLossRule.of(TestRuns.from(RealRun.of("iperf3-312-udp-1g-download-server-lab.json", 2)
                .summary()).sutCounters(counters.toString()).build()).orElseThrow();

        assertThat(finding.data()).containsEntry("droppedBy", "path");
        assertThat(finding.message()).contains("the path dropped them", "allowance counters");
    }

    @Test
    void aReceiverAtOneCoreDroppedThem() {
        // The 2 Gbit/s run's client was at 99% CPU; as a download's client, that host would be the receiver.
        RealRun upload = RealRun.of("iperf3-312-udp-2g-upload-server-lab.json", 3);
        var asDownload = Runs.with(upload.summary(), "download");

        Finding finding = PacketLossRule.of(asDownload).orElseThrow();

        assertThat(finding.data()).containsEntry("droppedBy", "receiver");
        assertThat(finding.message()).contains("a whole core");
    }

    @Test
    void theLossOfASenderShortOfItsTargetIsOfWhatWasSent() {
        // sender-limited says the shortfall (SenderLimitRuleTest); the loss speaks of what was sent, once.
        Finding finding = PacketLossRule.of(RealRun.of("iperf3-312-udp-5g-upload.json", 4).summary())
                .orElseThrow();

        assertThat(finding.message()).startsWith("The receiver lost 46.5% of the datagrams (786")
                .doesNotContain("target");
    }
}
