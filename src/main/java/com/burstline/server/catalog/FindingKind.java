package com.burstline.server.catalog;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;

/**
 * The catalog of finding kinds: what each means, how serious it is, what to check next and the thresholds it fires
 * at. Rules emit these and nothing else; the API serves them ({@code GET /api/v1/findings/catalog}), the pages and
 * the report take their words from them, and docs/guide.md's table is tested against them.
 */
public enum FindingKind {
    PERCENT_OF_LIMIT("percent-of-limit", Severity.INFO,
            "What arrived against the burst limit and the baseline, and a UDP run's against its target.",
            "At the cap the run measures the instance's limit: compare drivers below it (fewer streams, a -b target, "
                    + "or a larger instance).", List.of(Thresholds.AT_CAP, Thresholds.BEYOND_LIMIT)),
    SENDER_LIMITED("sender-limited", Severity.WARNING,
            "The sending side, not the network, set the pace: it sent short of its target, or its iperf3 used a "
                    + "whole core below the cap without loss to explain it.",
            "Try burstline-java (the agent's engine), more streams (-P), iperf3 3.16+ (one thread per stream) or a "
                    + "native build before reading the figure as the link's limit.",
            List.of(Thresholds.SENT_OF_TARGET, Thresholds.ONE_CORE)),
    PACKET_LOSS("packet-loss", Severity.WARNING,
            "A UDP receiver lost datagrams, and who dropped them: the receiver (its drop counters grew or its CPU "
                    + "was saturated), the path, or not known.",
            "The receiving host's counters (netstat -su: RcvbufErrors): grown means the receiver dropped (raise -w "
                    + "or net.core.rmem_max), unchanged means the path did.",
            List.of(Thresholds.MIN_LOST, Thresholds.ONE_CORE)),
    DIRECTION_ASYMMETRY("direction-asymmetry", Severity.WARNING,
            "Download and upload differ for the same pair, driver, instance type and scenario.",
            "The slower direction's receiving host: RX queues and IRQ affinity, ethtool -S drops, driver offloads.",
            List.of(Thresholds.ASYMMETRY)),
    BURST_EXHAUSTED("burst-exhausted", Severity.WARNING,
            "Within the run the throughput stepped down and stayed down: the burst credits ran out, and later "
                    + "figures measure the baseline.",
            "Let the credits refill (a cool-down, see the burst probe) or run shorter tests before comparing bursts.",
            List.of(Thresholds.BURST_HIGH, Thresholds.BURST_DROP, Thresholds.BURST_AFTER)),
    ALLOWANCE_EXCEEDED("allowance-exceeded", Severity.WARNING,
            "EC2 shaped the traffic: the SUT's ENA allowance counters grew (a warning), or TCP retransmitted while "
                    + "flat at the burst limit (a note, inferred).",
            "The SUT's allowance counters (ethtool -S: bw_in_allowance_exceeded, bw_out_allowance_exceeded); compare "
                    + "drivers below the allowance.",
            List.of(Thresholds.AT_SHAPER, Thresholds.FLAT, Thresholds.MIN_RETRANSMITS)),
    UNSTABLE("unstable", Severity.WARNING,
            "The per-interval throughput varied, or TCP retransmitted, too much for one run to stand for the "
                    + "scenario.",
            "Repeat the run, and look for competing traffic or a noisy neighbour.",
            List.of(Thresholds.UNSTABLE_CV, Thresholds.UNSTABLE_RETRANSMITS)),
    ENA_EXPRESS_UNUSED("ena-express-unused", Severity.WARNING,
            "The SUT had ENA Express on for the run's protocol, yet its SRD counters show the run's packets did not "
                    + "go over SRD: the run measured standard ENA.",
            "The peer's ENA Express setting (both ends need it, in one subnet, without a middlebox), the MTU, and "
                    + "the SRD resource utilisation (ethtool -S: ena_srd_resource_utilization).",
            List.of(Thresholds.SRD_ELIGIBLE_SENT, Thresholds.SRD_RECEIVED, Thresholds.SRD_NEAR_FULL)),
    LATENCY_UNDER_LOAD("latency-under-load", Severity.WARNING,
            "A queue builds under load (bufferbloat): the loaded-latency probe's median round trip during the bulk "
                    + "traffic rose well above its idle median.",
            "Check what holds the queue on the sending side: BQL (byte queue limits), the NIC's TX ring size (ethtool -g), "
                    + "interrupt moderation (ethtool -c), the qdisc (fq_codel or fq keep it short) and any shaper's "
                    + "queue on the path.", List.of(Thresholds.LATENCY_RATIO, Thresholds.LATENCY_RISE)),
    PARTIAL_RUN("partial-run", Severity.WARNING,
            "The run's scenario failed or was cancelled: its figures cover only what was measured until then, and "
                    + "no other finding is drawn from them.",
            "Run the scenario again.", List.of());

    private final String id;
    private final Severity severity;
    private final Guidance guidance;

    FindingKind(String id, Severity severity, String meaning, String next, List<Threshold> thresholds) {
        this.id = id;
        this.severity = severity;
        this.guidance = new Guidance(meaning, next, thresholds);
    }

    /** The kind's name in the API, on pages and in reports. */
    @JsonValue
    public String id() {
        return id;
    }

    public Severity severity() {
        return severity;
    }

    public Guidance guidance() {
        return guidance;
    }

    @Override
    public String toString() {
        return id;
    }
}
