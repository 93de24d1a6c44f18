package com.burstline.server.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** allowance-exceeded inferred from retransmits: a rate, flat at the ceiling (counters: AllowanceCounterFindingTest). */
class AllowanceRuleTest {

    @ParameterizedTest
    @ValueSource(strings = {"iperf3-318-tcp-1-upload.json", "iperf3-318-tcp-4-upload.json",
            "iperf3-312-tcp-1-download.json", "iperf3-312-tcp-2-upload-ceiling-server-lab.json",
            "iperf3-312-tcp-1-upload-4950m-server-lab.json", "iperf3-318-tcp-1-download.json",
            "iperf3-312-tcp-1-bidir-server-lab.json"})
    void firesOnRunsFlatAtTheShaperThatRetransmittedAtAShapersRate(String sample) {
        RealRun run = RealRun.of(sample, 1);

        Finding finding = AllowanceRule.fromRetransmits(run.summary(), run.figures()).orElseThrow();

        assertThat(finding.kind()).isEqualTo("allowance-exceeded");
        assertThat((double) finding.data().get("retransmitsPerGB")).isGreaterThanOrEqualTo(10);
        assertThat(finding.message()).contains("per GB", "of the burst limit", "allowance counters next");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // flat at the shaper, no retransmits
            "iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-4-upload.json", "iperf3-312-tcp-1-upload-server-lab.json",
            // a handful of retransmits (3 in 0.62 GB) at 20% of the limit
            "iperf3-312-tcp-1-upload-1g-server-lab.json",
            // 4 retransmits, but the run stepped from 4.78 to 0.48 Gbit/s: not flat
            "iperf3-312-tcp-1-upload-burst-step-server-lab.json",
            // UDP has no retransmits
            "iperf3-312-udp-5g-upload.json"})
    void doesNotFireWithoutARetransmitRateAtAFlatCeiling(String sample) {
        RealRun run = RealRun.of(sample, 1);

        assertThat(AllowanceRule.fromRetransmits(run.summary(), run.figures())).isEmpty();
    }

    @Test
    void oneRetransmitInAFlatRunAtTheCeilingIsNotAShaper() {
        // the 4.95 Gbit/s-paced run retransmitted 45 segments in 2.87 GB; the same run with one is under 10 per GB
        RealRun run = RealRun.of("iperf3-312-tcp-1-upload-4950m-server-lab.json", 1);
        var oneRetransmit = Runs.withRetransmits(run.summary(), 1L);

        assertThat(AllowanceRule.fromRetransmits(oneRetransmit, run.figures())).isEmpty();
    }

    @Test
    void doesNotFireWithoutAKnownLimit() {
        RealRun run = RealRun.of("iperf3-318-tcp-1-upload.json", 1, null, null);

        assertThat(AllowanceRule.fromRetransmits(run.summary(), run.figures())).isEmpty();
    }
}
