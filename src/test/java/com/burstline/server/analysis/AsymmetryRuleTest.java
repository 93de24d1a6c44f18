package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** direction-asymmetry on real pairs: one finding per pair, at 10% or more. */
class AsymmetryRuleTest {
    private final RunSummary upload = RealRun.of("iperf3-312-tcp-1-upload-server-lab.json", 1).summary();
    private final RunSummary slowDownload = RealRun.of("iperf3-312-tcp-1-download-4g-server-lab.json", 2).summary();

    @Test
    void aDownloadTwentyPercentSlowerIsOneFindingForThePair() {
        List<Finding> findings = AsymmetryRule.of(List.of(upload, slowDownload), null);

        assertThat(findings).hasSize(1);
        Finding finding = findings.get(0);
        assertThat(finding.runId()).isEqualTo(2);
        assertThat((double) finding.data().get("differencePercent")).isBetween(-25.0, -15.0);
        assertThat(finding.data()).containsEntry("downloadRunIds", List.of(2L)).containsEntry("uploadRunIds",
                List.of(1L));
        assertThat(finding.message()).contains("Download is", "lower than upload", "download (the client "
                + "receiving)", "receive path next");
    }

    @Test
    void repeatedRunsOfBothDirectionsStillMakeOneFinding() {
        RunSummary secondUpload = RealRun.of("iperf3-312-tcp-1-upload.json", 3).summary();
        RunSummary secondDownload = RealRun.of("iperf3-312-tcp-1-download-4g-server-lab.json", 4).summary();

        List<Finding> findings = AsymmetryRule.of(List.of(upload, slowDownload, secondUpload, secondDownload), null);

        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).data()).containsEntry("uploadRunIds", List.of(1L, 3L));
    }

    @Test
    void onARunPageTheFindingIsTheRunsOwnPair() {
        List<Finding> onUpload = AsymmetryRule.of(List.of(upload, slowDownload), upload);

        assertThat(onUpload).singleElement().satisfies(finding -> assertThat(finding.runId()).isEqualTo(1));
    }

    @Test
    void doesNotFireOnTheSymmetricShaperSamplesOrWithoutTheOtherDirection() {
        // 312: 4.77 down vs 4.78 up; 318: 4.24 vs 4.37 (2.9%); 4 streams 0.1-0.2%.
        assertThat(AsymmetryRule.of(List.of(RealRun.of("iperf3-312-tcp-1-upload.json", 1).summary(),
                RealRun.of("iperf3-312-tcp-1-download.json", 2).summary()), null)).isEmpty();
        assertThat(AsymmetryRule.of(List.of(RealRun.of("iperf3-318-tcp-1-upload.json", 1).summary(),
                RealRun.of("iperf3-318-tcp-1-download.json", 2).summary()), null)).isEmpty();
        assertThat(AsymmetryRule.of(List.of(RealRun.of("iperf3-318-tcp-4-upload.json", 1).summary(),
                RealRun.of("iperf3-318-tcp-4-download.json", 2).summary()), null)).isEmpty();
        assertThat(AsymmetryRule.of(List.of(slowDownload), null)).isEmpty();
    }

    @Test
    void doesNotPairDifferentScenarios() {
        RunSummary fourStreamUpload = RealRun.of("iperf3-312-tcp-4-upload.json", 5).summary();

        assertThat(AsymmetryRule.of(List.of(fourStreamUpload, slowDownload), null)).isEmpty();
    }
}
