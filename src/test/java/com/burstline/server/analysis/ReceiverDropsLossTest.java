package com.burstline.server.analysis;

import com.burstline.contract.HostDrops;
import com.burstline.server.run.ReceiverDrops;
import com.burstline.server.run.ReceivingHosts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * packet-loss says who dropped, from the receiving host's own counts (src/test/resources/iperf3/README.md: the lab's
 * 1 Gbit/s UDP upload lost 1.8% while the receiving namespace's RcvbufErrors grew by 7,857).
 */
class ReceiverDropsLossTest {
    private static final String UPLOAD = "iperf3-312-udp-1g-upload-server-lab.json";

    @Test
    void aReceivingHostThatCountedDropsIsNamedWithItsCount() {
        RealRun run = RealRun.of(UPLOAD, 1);
        ReceiverDrops peer = ReceiverDrops.counted("lab-b", ReceiverDrops.PEER, new HostDrops("blfx-tb",
                HostDrops.LINUX, Map.of(HostDrops.UDP_RCVBUF_ERRORS, 1_204L, HostDrops.RX_DROPPED, 0L),
                Map.of(HostDrops.UDP_RCVBUF_ERRORS, 9_061L, HostDrops.RX_DROPPED, 0L), Map.of()));

        Finding finding = PacketLossRule.ofReceivers(run.summary(), List.of(peer)).orElseThrow();

        assertThat(finding.data()).containsEntry("droppedBy", "receiver").containsEntry("cause", "receiver-counters");
        assertThat(finding.message()).contains("the receiving host lab-b dropped 7,857 datagrams (receive buffer "
                + "full: udp_rcvbuf_errors +7,857) — the receiver, not the path", "net.core.rmem_max");
        assertThat(PacketLossRule.whoDropped(finding)).isEqualTo("the receiving host lab-b dropped 7,857 datagrams "
                + "(receive buffer full) — the receiver, not the path");
    }

    @Test
    void receivingHostsThatCountedNothingLeaveThePath() {
        ReceiverDrops quiet = ReceiverDrops.counted("lab-b", ReceiverDrops.PEER, new HostDrops("blfx-tb",
                HostDrops.LINUX, Map.of(HostDrops.UDP_IN_ERRORS, 40L, HostDrops.RX_DROPPED, 0L),
                Map.of(HostDrops.UDP_IN_ERRORS, 40L, HostDrops.RX_DROPPED, 0L), Map.of()));
        ReceiverDrops sut = ReceiverDrops.counted("lab-a", ReceiverDrops.SUT, new HostDrops("blfx-ta",
                HostDrops.LINUX, Map.of(HostDrops.UDP_IN_ERRORS, 3L), Map.of(HostDrops.UDP_IN_ERRORS, 3L), Map.of()));

        Finding upload = PacketLossRule.ofReceivers(RealRun.of(UPLOAD, 1).summary(), List.of(quiet)).orElseThrow();
        Finding bidir = PacketLossRule.ofReceivers(Runs.with(RealRun.of(UPLOAD, 2).summary(), "bidir"),
                List.of(quiet, sut)).orElseThrow();

        assertThat(upload.data()).containsEntry("droppedBy", "path");
        assertThat(PacketLossRule.whoDropped(upload)).isEqualTo("the receiving host lab-b counted no drops "
                + "(udp_in_errors +0, rx_dropped +0): lost on the path, not at the receiver");
        assertThat(upload.message()).contains("the path dropped them", "allowance counters");
        assertThat(PacketLossRule.whoDropped(bidir)).startsWith("neither host counted drops (lab-b: udp_in_errors +0, "
                + "rx_dropped +0; lab-a: udp_in_errors +0): lost on the path");
    }

    @Test
    void countsNotKnownSayWhy() {
        RealRun run = RealRun.of(UPLOAD, 1);

        Finding uploaded = PacketLossRule.ofReceivers(run.summary(), ReceivingHosts.of(run.summary(), Map.of(), null))
                .orElseThrow();
        Finding olderAgent = PacketLossRule.ofReceivers(run.summary(), List.of(ReceiverDrops.unknown("lab-b",
                ReceiverDrops.PEER, "agent lab-b could not give its drop counts: HTTP 404"))).orElseThrow();

        assertThat(uploaded.data()).containsEntry("droppedBy", "unknown");
        assertThat(uploaded.message()).contains("drop counters are not known (arm-b: no agent measured this run (it "
                + "was uploaded)", "RcvbufErrors");
        assertThat(PacketLossRule.whoDropped(olderAgent)).isEqualTo("who dropped them is not known: lab-b: agent "
                + "lab-b could not give its drop counts: HTTP 404");
    }

    @Test
    void aSelectionExplainsTheLossOfEveryRunItNames() {
        RealRun dropped = RealRun.of(UPLOAD, 5);
        RealRun unknown = RealRun.of("iperf3-312-udp-5g-upload.json", 6);
        ReceiverDrops peer = ReceiverDrops.counted("lab-b", ReceiverDrops.PEER, new HostDrops("blfx-tb",
                HostDrops.LINUX, Map.of(HostDrops.UDP_RCVBUF_ERRORS, 0L), Map.of(HostDrops.UDP_RCVBUF_ERRORS, 7_857L),
                Map.of()));
        List<Finding> findings = List.of(
                PacketLossRule.ofReceivers(dropped.summary(), List.of(peer)).orElseThrow(),
                PacketLossRule.ofReceivers(unknown.summary(), ReceivingHosts.of(unknown.summary(), Map.of(), null))
                        .orElseThrow());

        FindingSummary loss = FindingsOnceEach.of(List.of(dropped.summary(), unknown.summary()), findings,
                run -> run.id() == 5 ? "UDP 1 Gbit/s upload" : "UDP 5 Gbit/s upload").get(0);

        assertThat(loss.summed()).isTrue();
        assertThat(loss.message()).isEqualTo("UDP 1 Gbit/s upload lost 1.8%: the receiving host lab-b dropped 7,857 "
                + "datagrams (receive buffer full) — the receiver, not the path. UDP 5 Gbit/s upload lost 46.5%: who "
                + "dropped them is not known: arm-b: no agent measured this run (it was uploaded), so no host counted "
                + "its drops.");
    }
}
