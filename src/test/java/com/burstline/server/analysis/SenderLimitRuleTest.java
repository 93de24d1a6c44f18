package com.burstline.server.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** sender-limited on real runs: only when the sender fell short without the loss explaining it. */
class SenderLimitRuleTest {

    @Test
    void firesWhenTheSenderFellShortOfItsTargetAndTheReceiverTookAllOfIt() {
        // 3.18 client asked for 5 Gbit/s: sent 1.44, lost 0%.
        Finding finding = SenderLimitRule.of(RealRun.of("iperf3-318-udp-5g-upload.json", 1).summary())
                .orElseThrow();

        assertThat(finding.kind()).isEqualTo("sender-limited");
        assertThat(finding.message()).contains("sent", "1.44 Gbit/s of the 5.00 Gbit/s target", "lost 0.0%",
                "Check the sending host next", "61.1% CPU");
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
            // lost 46-48%: the receiver could not keep up even with what was sent; packet-loss speaks instead
            "iperf3-312-udp-5g-upload.json", "iperf3-312-udp-1g-upload.json",
            // 99% sender CPU and 78% of 2 Gbit/s, but 1.03% lost: packet-loss, which mentions the sender
            "iperf3-312-udp-2g-upload-server-lab.json",
            // sender held back to 0.49 Gbit/s by its own 500 Mbit/s shaper, 2.4% lost
            "iperf3-312-udp-1g-upload-shaped-500m-server-lab.json",
            // reached the target
            "iperf3-318-udp-1g-upload.json", "iperf3-312-udp-1g-upload-server-lab.json",
            "iperf3-312-udp-300m-upload-server-lab.json",
            // TCP at the shaper, senders at 11-42% CPU
            "iperf3-312-tcp-1-upload.json", "iperf3-318-tcp-4-download.json", "iperf3-312-tcp-1-upload-server-lab.json"})
    void doesNotFireWhenTheLossExplainsItOrTheSenderKeptUp(String sample) {
        assertThat(SenderLimitRule.of(RealRun.of(sample, 3).summary())).isEmpty();
    }
}
