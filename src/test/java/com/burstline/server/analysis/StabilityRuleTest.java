package com.burstline.server.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** unstable on real runs: per-interval variation over 10%, or over 1,000 retransmits per GB. */
class StabilityRuleTest {

    @Test
    void firesOnAUdpDownloadWhoseReceivedRateSankAsTheReceiverDropped() {
        // received 0.98, 0.995, 0.935, 0.639, 0.643 Gbit/s
        RealRun run = RealRun.of("iperf3-312-udp-1g-download-server-lab.json", 1);

        Finding finding = StabilityRule.of(run.summary(), run.figures()).orElseThrow();

        assertThat((double) finding.data().get("coefficientOfVariation")).isGreaterThan(0.10);
        assertThat(finding.message()).contains("varies by", "Repeat it");
    }

    @Test
    void firesOnAnUnshapedLoopbackBidirRun() {
        RealRun run = RealRun.of("iperf3-312-tcp-1-bidir-loopback.json", 1, null, null);

        assertThat(StabilityRule.of(run.summary(), run.figures())).isPresent();
    }

    @Test
    void firesOnRetransmitsAboveOnePerThousandSegmentsWorth() {
        // the 3.18 single stream at the shaper: 2,203 retransmits in 2.73 GB (807 per GB) is under the bar ...
        RealRun run = RealRun.of("iperf3-318-tcp-1-upload.json", 1);
        assertThat(StabilityRule.of(run.summary(), run.figures())).isEmpty();

        // ... twice as many would be over it
        Finding finding = StabilityRule.of(Runs.withRetransmits(run.summary(), 4406L), run.figures()).orElseThrow();
        assertThat(finding.message()).contains("retransmits per GB");
    }

    @ParameterizedTest
    @ValueSource(strings = {"iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-download.json",
            "iperf3-318-tcp-1-download.json", "iperf3-312-udp-1g-upload-server-lab.json",
            "iperf3-312-tcp-1-upload-4950m-server-lab.json",
            // the server's last 3 ms stub (4.29 Gbit/s) is left out
            "iperf3-312-tcp-1-upload-server-lab.json"})
    void doesNotFireOnSteadyRuns(String sample) {
        RealRun run = RealRun.of(sample, 1);

        assertThat(StabilityRule.of(run.summary(), run.figures())).isEmpty();
    }
}
