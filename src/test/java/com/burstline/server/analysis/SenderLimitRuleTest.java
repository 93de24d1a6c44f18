package com.burstline.server.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * sender-limited on real runs: whenever a UDP sender fell more than 5 % short of its target, whatever was lost, and
 * for a sender at one core's CPU without loss.
 */
class SenderLimitRuleTest {

    @Test
    void firesWhenTheSenderFellShortOfItsTargetAndTheReceiverTookAllOfIt() {
        // 3.18 client asked for 5 Gbit/s: sent 1.44, lost 0%.
        Finding finding = SenderLimitRule.of(RealRun.of("iperf3-318-udp-5g-upload.json", 1).summary())
                .orElseThrow();

        assertThat(finding.kind()).isEqualTo("sender-limited");
        assertThat(finding.message()).contains("sent 1.44 Gbit/s of the 5.00 Gbit/s target, 28.9% of it",
                "61.1% CPU", "An emulated or single-threaded sender cannot reach the target: try burstline-java (the agent's engine) or "
                        + "more streams");
    }

    @Test
    void theSeedsUdp5gRunIsTheSendersLimitBeforeItIsLoss() {
        // The seed's 3.12 client (emulated on arm64) asked for 5 Gbit/s, sent 0.79 and the receiver lost 46.5%.
        RealRun run = RealRun.of("iperf3-312-udp-5g-upload.json", 2);

        List<Finding> findings = RunAnalysis.findings(run.summary(), run.figures(), null);

        assertThat(findings).extracting(Finding::kind).startsWith("sender-limited").contains("packet-loss");
        assertThat(findings.get(0).message()).contains("sent 786", "of the 5.00 Gbit/s target, 15.7% of it",
                "try burstline-java (the agent's engine) or more streams");
        assertThat(findings.get(0).data()).containsEntry("targetBitsPerSecond", 5_000_000_000L);
    }

    @Test
    void twoStreamsAimForTwiceTheirPerStreamTarget() {
        // -P 2 -b 50M: iperf3 paces each stream to 50 Mbit/s, so the sender that put out 100 Mbit/s kept up
        RealRun run = RealRun.of("iperf3-322-udp-2x50m-upload-loopback.json", 4, null, null);

        assertThat(run.summary().measurement().sentShareOfTarget()).isBetween(95.0, 100.5);
        assertThat(SenderLimitRule.of(run.summary())).isEmpty();
    }

    @Test
    void firesWhenTheSendingIperf3UsedAWholeCoreBelowTheCap() {
        // Loopback, no limit: the client's iperf3 at 98% CPU.
        Finding finding = SenderLimitRule.of(RealRun.of("iperf3-312-tcp-2-upload-omit-loopback.json", 2, null, null)
                .summary()).orElseThrow();

        assertThat(finding.message()).contains("98.0% CPU", "about one core");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // 86% of 1 Gbit/s, lost 47.5%
            "iperf3-312-udp-1g-upload.json",
            // 99% sender CPU and 78% of 2 Gbit/s, 1.03% lost
            "iperf3-312-udp-2g-upload-server-lab.json",
            // sender held back to 0.49 Gbit/s by its own 500 Mbit/s shaper, 2.4% lost
            "iperf3-312-udp-1g-upload-shaped-500m-server-lab.json"})
    void firesForEveryUdpSenderMoreThanFivePercentShort(String sample) {
        assertThat(SenderLimitRule.of(RealRun.of(sample, 3).summary())).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // reached the target (96.7-100% of it), whatever was lost on the way
            "iperf3-318-udp-1g-upload.json", "iperf3-312-udp-1g-upload-server-lab.json",
            "iperf3-312-udp-300m-upload-server-lab.json", "iperf3-312-udp-1g-download-server-lab.json",
            // TCP at the shaper, senders at 11-42% CPU
            "iperf3-312-tcp-1-upload.json", "iperf3-318-tcp-4-download.json", "iperf3-312-tcp-1-upload-server-lab.json"})
    void doesNotFireWhenTheSenderKeptUp(String sample) {
        assertThat(SenderLimitRule.of(RealRun.of(sample, 3).summary())).isEmpty();
    }
}
