package com.burstline.server.compare;

import com.burstline.server.analysis.RealRun;
import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.hostconfig.RunConfigLookup;
import com.burstline.server.run.RunSummary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Grouped by direction, each twin pair of real iperf3 runs (SUT arm-a, a t4g.large, peer arm-b) says which limit
 * could explain its difference; the peer's limits come from the real instance catalog.
 */
class AsymmetryExplanationTest {
    private static final InstanceCatalog CATALOG = new InstanceCatalog();
    // 4.78 Gbit/s up; down 3.82 (the lab's 4 Gbit/s shaper) and 4.77 Gbit/s; all CPUs under 50%
    private static final List<String> TCP_1 = List.of("iperf3-312-tcp-1-upload-server-lab.json",
            "iperf3-312-tcp-1-upload.json", "iperf3-312-tcp-1-download-4g-server-lab.json",
            "iperf3-312-tcp-1-download.json");

    @Test
    void aShortUdpSenderItsLossAndABusySendingCpuOnTheSlowerDirectionCouldExplainIt() {
        // UDP 1 Gbit/s: the upload's client (the SUT) sent only 487 Mbit/s at 94% CPU and 2.4% of it was lost; the
        // download got 838 Mbit/s
        ComparisonResult.Scenario scenario = single(compare(peerUnknown(),
                "iperf3-312-udp-1g-upload-shaped-500m-server-lab.json", "iperf3-312-udp-1g-download-server-lab.json"));

        assertThat(scenario.comparison().explanation()).isEqualTo("the sender reaching only 49% of the UDP target, "
                + "the datagrams lost (2.4%) and the sending host's CPU (arm-a, 94%) could explain it; the peer's "
                + "limits are unknown");
        assertThat(scenario.comparison().verdict()).startsWith("no repeats (n = 1 each), so no interval and no "
                + "test: download is 76.4% faster than upload");
        assertThat(scenario.groups().get(0).meanSentShareOfTarget()).isCloseTo(48.7, within(0.1));
    }

    @Test
    void aPeerThatAllowsLessThanTheSutCouldExplainIt() {
        ComparisonResult.Scenario scenario = single(compare(peer("t4g.small"), TCP_1.toArray(String[]::new)));

        assertThat(scenario.comparison().explanation())
                .isEqualTo("the peer's t4g.small limit (5 Gbit/s burst, 128 Mbit/s baseline) could explain it");
        assertThat(scenario.comparison().verdict()).matches("no significant difference on 1-stream TCP on "
                + "arm-a/arm-b with n = 2 each \\(p = 0\\.49\\): download is 10\\.2% slower than upload "
                + "\\(95% interval -\\d+\\.\\d to \\d+\\.\\d%\\)");
    }

    /**
     * The upload whose burst credits ran out at 6 s (4.78 Gbit/s, then 0.48) beside a 3.82 Gbit/s download: the
     * baseline explains the slower upload, not the driver.
     */
    @Test
    void aSlowerDirectionWhoseCreditsRanOutIsExplainedByTheAllowance() {
        ComparisonResult.Scenario scenario = single(compare(peer("t4g.large"),
                "iperf3-312-tcp-1-upload-burst-step-server-lab.json", "iperf3-312-tcp-1-download-4g-server-lab.json"));

        assertThat(scenario.comparison().explanation()).isEqualTo("the instance's allowance on the slower direction "
                + "(the cap: 93.4% of the 512 Mbit/s baseline (the burst credits ran out after 6.0 s)) could "
                + "explain it");
    }

    @Test
    void withNeitherLimitNorCpuTheDriverIsLeft() {
        assertThat(single(compare(peer("t4g.large"), TCP_1.toArray(String[]::new))).comparison().explanation())
                .isEqualTo("neither the limits nor the CPUs explain it: look at the driver");
        assertThat(single(compare(peerUnknown(), TCP_1.toArray(String[]::new))).comparison().explanation())
                .isEqualTo("neither the limits nor the CPUs explain it: look at the driver; the peer's limits "
                        + "are unknown");
    }

    @Test
    void aDifferenceUnderThePracticalThresholdNeedsNoExplanation() {
        // iperf3 3.22 on loopback at its 100 Mbit/s target both ways, one run each: no test, nothing to explain
        ComparisonResult.Scenario scenario = single(compare(peerUnknown(), "iperf3-322-tcp-1-upload-loopback.json",
                "iperf3-322-tcp-1-download-loopback.json"));

        assertThat(scenario.comparison().verdictKind()).isEqualTo("too-few-runs");
        assertThat(scenario.comparison().explanation()).isEqualTo("nothing to explain: the two directions match");
    }

    @Test
    void bothDirectionsAtTheBurstLimitMeanTheLimitDecided() {
        ComparisonResult.Scenario scenario = single(compare(peer("t4g.small"), "iperf3-312-tcp-4-upload.json",
                "iperf3-312-tcp-4-download.json"));

        assertThat(scenario.comparison().verdictKind()).isEqualTo("cap-limits-both");
        assertThat(scenario.comparison().explanation())
                .isEqualTo("both directions sit at the burst limit: the limit decided");
    }

    @Test
    void aScenarioWithoutItsTwinIsItsOneDirection() {
        ComparisonResult.Scenario scenario = single(compare(peerUnknown(),
                "iperf3-312-udp-1g-upload-server-lab.json"));

        assertThat(scenario.direction()).isEqualTo("upload");
        assertThat(scenario.comparison()).isNull();
        assertThat(scenario.groups().get(0).meanSentBitsPerSecond()).isPositive();
    }

    private static ComparisonResult compare(PeerLimits peers, String... samples) {
        return new Comparisons(null, 1, peers, RunConfigLookup.NONE, ids -> java.util.Map.of())
                .compare(new SelectionQuery(GroupBy.DIRECTION, List.of(), null, null),
                runs(samples));
    }

    private static List<RunSummary> runs(String... samples) {
        List<RunSummary> runs = new java.util.ArrayList<>();
        for (int i = 0; i < samples.length; i++) {
            runs.add(RealRun.of(samples[i], i + 1).summary());
        }
        return runs;
    }

    private static ComparisonResult.Scenario single(ComparisonResult result) {
        assertThat(result.scenarios()).hasSize(1);
        return result.scenarios().get(0);
    }

    private static PeerLimits peer(String instanceType) {
        return name -> "arm-b".equals(name) ? CATALOG.find(instanceType) : Optional.empty();
    }

    private static PeerLimits peerUnknown() {
        return name -> Optional.empty();
    }
}
