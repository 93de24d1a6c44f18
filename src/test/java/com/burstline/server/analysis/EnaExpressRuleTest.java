package com.burstline.server.analysis;

import com.burstline.contract.HostConfig;
import com.burstline.server.hostconfig.ConfigUse;
import com.burstline.server.hostconfig.EnaExpressShare;
import com.burstline.server.hostconfig.HostRole;
import com.burstline.server.run.RunSummary;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ena-express-unused on a real iperf3 upload and download, with the SUT's counter delta an ENA Express host reports
 * (the agent's own numbers, written here: no ENA host was at hand) and its ena_srd_mode as its agent read it.
 */
class EnaExpressRuleTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final RunSummary UPLOAD = RealRun.of("iperf3-312-tcp-1-upload.json", 1).summary();
    private static final RunSummary DOWNLOAD = RealRun.of("iperf3-312-tcp-1-download.json", 2).summary();

    private static ConfigUse sut(String mode, Long utilisation) {
        HostConfig config = new HostConfig("linux", "ens5", Map.of("nic.driver", "ena", "ena.srdMode", mode),
                Map.of(), Map.of(), 0, 0);
        return new ConfigUse(1, 1, 1, HostRole.SUT, "arm-a", 1L, config, null, utilisation == null ? Map.of()
                : Map.of("ena_srd_resource_utilization", utilisation), Instant.EPOCH, 1L);
    }

    private static JsonNode counters(long tx, long srdTx, long eligible, long rx, long srdRx) {
        return JSON.readTree("{\"interface\": \"ens5\", \"delta\": {\"tx_packets\": " + tx + ", \"rx_packets\": " + rx
                + ", \"ena_srd_tx_pkts\": " + srdTx + ", \"ena_srd_eligible_tx_pkts\": " + eligible
                + ", \"ena_srd_rx_pkts\": " + srdRx + "}}");
    }

    @Test
    void aRunThatWentOverSrdIsNoFindingAndItsSharesAreKnown() {
        JsonNode used = counters(1_000_000, 990_000, 995_000, 400_000, 399_000);

        assertThat(EnaExpressRule.of(UPLOAD, used, sut("1", 3L))).isEmpty();
        EnaExpressShare share = EnaExpressShare.of(used);
        assertThat(share.sentPercent()).isEqualTo(99.0);
        assertThat(share.eligibleSentPercent()).isCloseTo(99.5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(share.receivedPercent()).isCloseTo(99.75, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void nothingEligibleMeansThePeerOrThePathDoesNotAllowSrd() {
        Optional<Finding> finding = EnaExpressRule.of(UPLOAD, counters(1_000_000, 0, 0, 10, 0), sut("1", 0L));

        assertThat(finding).hasValueSatisfying(f -> {
            assertThat(f.kind()).isEqualTo("ena-express-unused");
            assertThat(f.severity()).isEqualTo("warning");
            assertThat(f.message()).contains("ena_srd_mode 1").contains("none of the 1,000,000 packets it sent were "
                    + "even eligible for SRD").contains("same subnet");
            assertThat(f.data()).containsEntry("ena_srd_eligible_tx_pkts", 0L).containsEntry("sentPercent", 0.0)
                    .containsEntry("eligibleSentPercent", null);
        });
    }

    @Test
    void eligiblePacketsFallingBackNearFullUtilisationSaySo() {
        Optional<Finding> finding = EnaExpressRule.of(UPLOAD, counters(1_000_000, 610_000, 1_000_000, 10, 0),
                sut("3", 96L));

        assertThat(finding).hasValueSatisfying(f -> assertThat(f.message()).contains("only 61.0% of the 1,000,000 "
                + "eligible packets it sent went over SRD while its SRD resource utilisation was 96 %"));
    }

    @Test
    void aDownloadIsJudgedByWhatArrivedOverSrd() {
        Optional<Finding> finding = EnaExpressRule.of(DOWNLOAD, counters(100, 100, 100, 800_000, 8_000),
                sut("1", null));

        assertThat(finding).hasValueSatisfying(f -> assertThat(f.message()).contains("only 1.0% of the 800,000 "
                + "packets it received came over SRD"));
    }

    @Test
    void aRunNotMeantForEnaExpressOrWithoutItsCountersIsNoFinding() {
        JsonNode unused = counters(1_000_000, 0, 0, 10, 0);

        assertThat(EnaExpressRule.of(UPLOAD, unused, sut("0", null))).isEmpty();
        // mode 2: ENA Express off, UDP's earlier setting kept
        assertThat(EnaExpressRule.meant("2", true)).isFalse();
        assertThat(EnaExpressRule.meant("1", true)).isFalse();
        assertThat(EnaExpressRule.meant("3", true)).isTrue();
        assertThat(EnaExpressRule.of(UPLOAD, JSON.readTree("{\"delta\": {\"tx_packets\": 5}}"), sut("1", null)))
                .isEmpty();
        assertThat(EnaExpressRule.of(UPLOAD, unused, null)).isEmpty();
    }
}
