package com.burstline.server.analysis;

import com.burstline.server.run.FigureText;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** percent-of-limit on real runs: against the burst limit and the baseline when known, nothing otherwise. */
class PercentOfLimitRuleTest {

    @Test
    void firesWithBothLimitsAndSaysARunAtTheCapMeasuresTheCap() {
        Finding finding = LimitRules.percentOfLimit(RealRun.of("iperf3-312-tcp-4-upload.json", 1).summary())
                .orElseThrow();

        assertThat((double) finding.data().get("shareOfBurstLimit")).isCloseTo(95.5, within(0.1));
        assertThat((double) finding.data().get("shareOfBaseline")).isGreaterThan(900);
        assertThat(finding.message()).contains("95.5% of the 5.00 Gbit/s burst limit", "512.00 Mbit/s baseline",
                "at the cap");
        assertThat(finding.data()).containsEntry("atCap", true).doesNotContainKey("receivedShareOfTarget");
    }

    @Test
    void aRunWellBelowTheCapIsNotCalledCapped() {
        Finding finding = LimitRules.percentOfLimit(RealRun.of("iperf3-312-tcp-1-upload-1g-server-lab.json", 1)
                .summary()).orElseThrow();

        assertThat(finding.message()).contains("20.0% of the 5.00 Gbit/s burst limit").doesNotContain("at the cap");
    }

    @Test
    void aUdpRunIsJudgedFirstByItsTarget() {
        RealRun run = RealRun.of("iperf3-312-udp-1g-upload.json", 1);
        Finding finding = LimitRules.percentOfLimit(run.summary()).orElseThrow();

        double percent = run.summary().figures().receivedBitsPerSecond() / 1e9 * 100;
        assertThat((double) finding.data().get("receivedShareOfTarget")).isCloseTo(percent, within(1e-9));
        assertThat(finding.message()).contains(FigureText.percent(percent) + " of the 1.00 Gbit/s target; ")
                .contains("of the 5.00 Gbit/s burst limit");
        assertThat(finding.data()).containsEntry("atCap", false);
    }

    @Test
    void doesNotFireWithoutLimits() {
        assertThat(LimitRules.percentOfLimit(RealRun.of("iperf3-312-tcp-1-bidir-loopback.json", 1, null, null)
                .summary())).isEmpty();
    }
}
