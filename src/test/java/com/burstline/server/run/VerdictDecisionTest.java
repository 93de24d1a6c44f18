package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.server.catalog.VerdictStep;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one decision of what decided a figure, each step and the order between them on real iperf3 output
 * (src/test/resources/iperf3/README.md says how each was made, and what the receiving host's counters did).
 */
class VerdictDecisionTest {
    private static final double BURST = 5e9;
    private static final double BASELINE = 0.512e9;

    /** As uploaded for a t4g.large (5 Gbit/s burst, 0.512 Gbit/s baseline). */
    private static TestRuns.Builder t4gLarge(String sample) {
        return TestRuns.of(sample).labels("a", "b", "t4g.large", null, List.of()).limits(BURST, BASELINE);
    }

    private static Verdict verdict(TestRuns.Builder run) {
        return run.build().verdict();
    }

    @Test
    void aLoopbackRunLabelledT4gLargeIsBeyondTheLimitNeverAtTheCap() {
        RunSummary loopback = t4gLarge("iperf3-312-tcp-4-upload-loopback.json").build();

        assertThat(loopback.measurement().shareOfBurstLimit()).as("far over 105% of 5 Gbit/s").isGreaterThan(105);
        assertThat(loopback.verdict().id()).isEqualTo(VerdictStep.BEYOND_THE_LIMIT);
        assertThat(loopback.text().verdict()).startsWith("beyond the limit: ")
                .contains("of the 5 Gbit/s burst limit: the instance type is wrong or the traffic never crossed "
                        + "the NIC").doesNotContain("the cap");
    }

    @Test
    void aRunAtTheShaperIsTheCap() {
        Verdict verdict = verdict(t4gLarge("iperf3-312-tcp-1-upload.json"));

        assertThat(verdict.id()).isEqualTo(VerdictStep.CAP);
        assertThat(verdict.evidence().limit()).isEqualTo("burst");
        assertThat(verdict.evidence().shareOfLimit()).isBetween(90.0, 105.0);
    }

    /** 4.78 Gbit/s, then 0.48 once re-shaped to 500 Mbit/s: after the credits ran out the baseline applied. */
    @Test
    void onceTheCreditsRanOutTheBaselineIsTheLimitThatApplied() {
        RunSummary step = TestRuns.of("iperf3-312-tcp-1-upload-burst-step-server-lab.json").limits(BURST, 0.5e9)
                .build();

        assertThat(step.measurement().credits().ranOut()).isTrue();
        assertThat(step.measurement().shareOfBurstLimit()).as("the whole run's mean is below the cap").isLessThan(90);
        Verdict verdict = step.verdict();
        assertThat(verdict.id()).isEqualTo(VerdictStep.CAP);
        assertThat(verdict.evidence().limit()).isEqualTo("baseline");
        assertThat(step.text().verdict()).contains("of the 500 Mbit/s baseline (the burst credits ran out after 6.0 s)");
    }

    @Test
    void aUdpSenderShortOfItsTargetIsTheSender() {
        Verdict verdict = verdict(t4gLarge("iperf3-318-udp-5g-upload.json"));

        assertThat(verdict.id()).isEqualTo(VerdictStep.SENDER);
        assertThat(verdict.evidence().sentShareOfTarget()).isLessThan(95);
    }

    /** The 1 Gbit/s lab upload lost 1.8%: the receiving namespace's RcvbufErrors grew by 7,857 (measured). */
    @Test
    void aReceiverWhoseCountersGrewIsTheReceiver() {
        Verdict verdict = verdict(t4gLarge("iperf3-312-udp-1g-upload-server-lab.json")
                .receiverDrops(Map.of("udp_rcvbuf_errors", 7857L)));

        assertThat(verdict.id()).isEqualTo(VerdictStep.RECEIVER);
        assertThat(verdict.evidence().receiverDrops()).isEqualTo(7857L);
    }

    /**
     * The 2-stream loopback run's client at 98% CPU, read as a download's client (the receiving end) under a
     * 25 Gbit/s limit: the sender at 51%, the receiver at one core.
     */
    @Test
    void aReceiverAtOneCoreIsTheReceiver() {
        Verdict verdict = verdict(TestRuns.of("iperf3-312-tcp-2-upload-omit-loopback.json").limits(25e9, 25e9)
                .direction(Direction.DOWNLOAD));

        assertThat(verdict.id()).isEqualTo(VerdictStep.RECEIVER);
        assertThat(verdict.evidence().senderCpuPercent()).isLessThan(90);
        assertThat(verdict.evidence().receiverCpuPercent()).isGreaterThan(90);
    }

    /** 4.37 Gbit/s (87% of the burst limit) with 2,203 retransmits, both ends' CPU under half a core. */
    @Test
    void retransmitsWithNeitherEndAtFaultAreThePath() {
        Verdict verdict = verdict(t4gLarge("iperf3-318-tcp-1-upload.json"));

        assertThat(verdict.id()).isEqualTo(VerdictStep.PATH);
        assertThat(verdict.evidence().retransmitsPerGigabyte()).isGreaterThan(10);
    }

    /** A router between the ends, shaped to 80 Mbit/s, dropped 21.9%; the receiver's UDP counters did not grow. */
    @Test
    void lossTheReceiversCountersDidNotCountIsThePath() {
        Verdict verdict = verdict(t4gLarge("iperf3-312-udp-100m-upload-routed-80m-lab.json")
                .receiverDrops(Map.of("udp_rcvbuf_errors", 0L)));

        assertThat(verdict.id()).isEqualTo(VerdictStep.PATH);
        assertThat(verdict.evidence().lostPercent()).isGreaterThanOrEqualTo(1);
    }

    /** A TCP run's receiving host counted UDP receive-buffer errors: other traffic's, never this run's receiver. */
    @Test
    void udpErrorsOnTheReceivingHostOfATcpRunAreNotItsReceiversDrops() {
        RunSummary tcp = t4gLarge("iperf3-318-tcp-1-upload.json").receiverDrops(Map.of("udp_rcvbuf_errors", 40L,
                "rx_dropped", 0L)).build();
        RunSummary dropping = t4gLarge("iperf3-318-tcp-1-upload.json").receiverDrops(Map.of("udp_rcvbuf_errors", 0L,
                "rx_dropped", 500L)).build();

        assertThat(tcp.verdict().id()).isEqualTo(VerdictStep.PATH);
        assertThat(dropping.verdict().id()).isEqualTo(VerdictStep.RECEIVER);
        assertThat(dropping.text().verdict()).isEqualTo("the receiver: its host dropped 500 packets");
    }

    /** 0.93 Gbit/s without a target under the 5 Gbit/s limit: no retransmits, both ends' CPU at a few percent. */
    @Test
    void belowTheLimitWithNothingElseDecidingIsTheDriver() {
        Verdict verdict = verdict(t4gLarge("iperf3-3011-tcp-1-upload-iperf3-python.json"));

        assertThat(verdict.id()).as(verdict.unknown().toString()).isEqualTo(VerdictStep.DRIVER);
        assertThat(verdict.unknown()).isEmpty();
        assertThat(verdict.driver()).isTrue();
    }

    @Test
    void whatIsNotKnownNeverBecomesTheDriver() {
        Verdict noLimit = verdict(TestRuns.of("iperf3-312-tcp-4-upload-loopback.json"));
        Verdict noCounters = verdict(t4gLarge("iperf3-312-udp-1g-upload-server-lab.json"));
        Verdict noReceivedRate = verdict(t4gLarge("iperf3-39-udp-100m-upload-loopback.json"));

        assertThat(noLimit.id()).isEqualTo(VerdictStep.UNKNOWN);
        assertThat(noLimit.unknown()).singleElement().asString().startsWith("the instance's limit");
        assertThat(noCounters.id()).as("lost 1.8%, receiver at 35% CPU, its counters not counted")
                .isEqualTo(VerdictStep.UNKNOWN);
        assertThat(noCounters.unknown()).anyMatch(what -> what.startsWith("who dropped the lost datagrams"));
        assertThat(noReceivedRate.id()).isEqualTo(VerdictStep.UNKNOWN);
    }

    @Test
    void theOrderBetweenTheSteps() {
        // at the shaper with 65 retransmits per GB: the cap decided, not the path
        assertThat(verdict(t4gLarge("iperf3-312-tcp-2-upload-ceiling-server-lab.json")).id())
                .isEqualTo(VerdictStep.CAP);
        // sent 16% of its target and lost 46%, its receiver's counters grown: the sender, not the receiver
        assertThat(verdict(t4gLarge("iperf3-312-udp-5g-upload.json").receiverDrops(Map.of("udp_rcvbuf_errors",
                1000L))).id()).isEqualTo(VerdictStep.SENDER);
        // retransmitting (the path) while the receiving host dropped frames: the receiver, not the path
        assertThat(verdict(t4gLarge("iperf3-318-tcp-1-upload.json").receiverDrops(Map.of("rx_dropped", 500L)))
                .id()).isEqualTo(VerdictStep.RECEIVER);
        // the same UDP loss: counted by the receiver's socket, the receiver; not counted, the path
        assertThat(verdict(t4gLarge("iperf3-312-udp-1g-upload-server-lab.json")
                .receiverDrops(Map.of("udp_rcvbuf_errors", 7857L))).id()).isEqualTo(VerdictStep.RECEIVER);
        assertThat(verdict(t4gLarge("iperf3-312-udp-1g-upload-server-lab.json")
                .receiverDrops(Map.of("udp_rcvbuf_errors", 0L))).id()).isEqualTo(VerdictStep.PATH);
        // beyond the limit decides before anything else: the loopback run is also far over the cap
        assertThat(verdict(t4gLarge("iperf3-312-tcp-4-upload-loopback.json")).id())
                .isEqualTo(VerdictStep.BEYOND_THE_LIMIT);
    }

    /** A UDP run that sent its target but lost 1.8% (its receiver's socket dropped them) is the receiver's. */
    @Test
    void aUdpRunLosingAtItsTargetIsNotTheTargets() {
        Verdict verdict = verdict(t4gLarge("iperf3-312-udp-1g-upload-server-lab.json")
                .receiverDrops(Map.of("udp_rcvbuf_errors", 7857L)));

        assertThat(verdict.id()).isEqualTo(VerdictStep.RECEIVER);
    }

    /** ENA's counters on the SUT grew: EC2 shaped the run at 87% of the burst limit, which alone said "the path". */
    @Test
    void shapingCountersThatGrewAreTheCapWhateverShareArrived() {
        RunSummary shaped = t4gLarge("iperf3-318-tcp-1-upload.json").sutCounters("""
                {"interface": "ens5", "delta": {"bw_in_allowance_exceeded": 0, "bw_out_allowance_exceeded": 1520,
                 "pps_allowance_exceeded": 0, "conntrack_allowance_exceeded": 3}}""").build();

        assertThat(shaped.verdict().id()).isEqualTo(VerdictStep.CAP);
        assertThat(shaped.verdict().evidence().allowanceExceeded())
                .isEqualTo(Map.of("bw_out_allowance_exceeded", 1520L));
        assertThat(shaped.text().verdict()).isEqualTo("the cap: ENA's bw_out_allowance_exceeded grew by 1,520 during "
                + "the run; 87.4% of the 5 Gbit/s burst limit");
    }

    @Test
    void shapingCountersThatStayedFlatLeaveTheDecisionToTheOtherSteps() {
        RunSummary flat = t4gLarge("iperf3-318-tcp-1-upload.json").sutCounters("""
                {"interface": "ens5", "delta": {"bw_in_allowance_exceeded": 0, "bw_out_allowance_exceeded": 0,
                 "pps_allowance_exceeded": 0}}""").build();
        RunSummary unlabelled = TestRuns.of("iperf3-318-tcp-1-upload.json").sutCounters("""
                {"interface": "ens5", "delta": {"bw_out_allowance_exceeded": 9}}""").build();

        assertThat(flat.verdict().id()).isEqualTo(VerdictStep.PATH);
        assertThat(unlabelled.verdict().id()).as("the counters need no label").isEqualTo(VerdictStep.CAP);
        assertThat(unlabelled.verdict().unknown()).isEmpty();
        assertThat(unlabelled.text().verdict()).isEqualTo("the cap: ENA's bw_out_allowance_exceeded grew by 9 during "
                + "the run");
    }

    /**
     * The burst-step run read against a 2 Gbit/s baseline: it stepped down to 0.48 Gbit/s, far under that baseline,
     * so not its credits running out (and labelled with the true 0.5 Gbit/s baseline, they did).
     */
    @Test
    void aStepDownThatEndsAwayFromTheBaselineIsNotTheCreditsRunningOut() {
        RunSummary wrongBaseline = TestRuns.of("iperf3-312-tcp-1-upload-burst-step-server-lab.json")
                .limits(BURST, 0.2e9).build();

        assertThat(wrongBaseline.measurement().credits().ranOut()).isFalse();
        assertThat(wrongBaseline.verdict().id()).isNotEqualTo(VerdictStep.CAP);
    }

    /**
     * A UDP upload whose receiver kept up with 518 Mbit/s of the 1.44 sent, labelled t4g.large (512 Mbit/s baseline):
     * at the baseline by chance. Its sender decided, and the baseline is said as not known, never called the cap.
     */
    @Test
    void aRunAtTheBaselineThroughoutIsNeverTheDriversAndNotCalledTheCap() {
        Verdict sender = verdict(t4gLarge("iperf3-318-udp-5g-upload.json"));
        Verdict paced = verdict(TestRuns.of("iperf3-312-tcp-1-upload-1g-server-lab.json").limits(BURST, 1e9));

        assertThat(sender.id()).isEqualTo(VerdictStep.SENDER);
        assertThat(sender.unknown()).anyMatch(what -> what.startsWith("whether the burst credits were spent before "
                + "the run: it sat at the 512 Mbit/s baseline throughout"));
        assertThat(paced.id()).as("1 Gbit/s paced, read against a 1 Gbit/s baseline").isEqualTo(VerdictStep.UNKNOWN);
        assertThat(paced.unknown()).anyMatch(what -> what.startsWith("whether the burst credits were spent"));
    }

    @Test
    void aPartialRunsVerdictIsUnknown() {
        RunSummary partial = t4gLarge("iperf3-312-tcp-1-upload.json").partial("control socket has closed").build();

        assertThat(partial.verdict().id()).isEqualTo(VerdictStep.UNKNOWN);
        assertThat(partial.text().verdict()).startsWith("unknown: the whole run: it is partial");
    }
}
