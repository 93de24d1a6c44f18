package com.burstline.server.catalog;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;

/**
 * What decided a measured figure: the steps of one decision, in the order they are taken (the first that holds is the
 * verdict; {@link #UNKNOWN} when an input a step needs is missing, never a verdict the inputs do not support). Part of
 * the findings catalog: the API serves them, pages and reports take their words from them.
 */
public enum VerdictStep {
    BEYOND_THE_LIMIT("beyond-the-limit", "beyond the limit",
            "More arrived than the limit that applied lets through: the instance type is wrong or the traffic never "
                    + "crossed the NIC (loopback, one host). No other verdict is drawn from the figure.",
            "Check the run's instance type and that its peer is another host.", List.of(Thresholds.BEYOND_LIMIT),
            "a wrong label (the instance type, or traffic that never crossed the NIC)"),
    CAP("cap", "the cap",
            "At the limit that applied (the burst limit, or the baseline once the burst credits ran out), or ENA's "
                    + "shaping counters grew during the run: the instance's allowance decided the figure, not the "
                    + "driver.",
            "Compare drivers below the limit: fewer streams, a -b target, or a larger instance.",
            List.of(Thresholds.AT_CAP), "the instance's allowance"),
    SENDER("sender", "the sender",
            "The sender put out less than its target, or (without a target) its iperf3 used a whole core: the tool "
                    + "or the sending host decided, not the network.",
            "Try burstline-java, more streams (-P), iperf3 3.16+ or a native build.",
            List.of(Thresholds.SENT_OF_TARGET, Thresholds.ONE_CORE), "the tool or the sending host"),
    RECEIVER("receiver", "the receiver",
            "The receiving host dropped what arrived (its receive-buffer and input errors grew) or its CPU was "
                    + "saturated.",
            "Raise the receive buffers (net.core.rmem_max, iperf3 -w) or the NIC's RX ring; spread streams over "
                    + "cores.", List.of(Thresholds.ONE_CORE), "the receiving host"),
    PATH("path", "the path",
            "Datagrams were lost or segments retransmitted between the hosts, with neither end at fault.",
            "Check the route and the allowance counters (ethtool -S: bw_in_allowance_exceeded).",
            List.of(Thresholds.MIN_LOST, Thresholds.MIN_RETRANSMITS), "the path between the hosts"),
    DRIVER("driver", "the driver",
            "None of the above: below the limit, the sender kept up, the receiver dropped nothing, the path lost "
                    + "nothing. The figure measures the driver.",
            "Compare it with another driver's on the same scenario.", List.of(), "the driver"),
    UNKNOWN("unknown", "unknown",
            "What decided the figure is not known: an input the decision needs is missing, and the verdict says "
                    + "which.", "Measure what is missing (a job run records both ends' counters), or label the "
                    + "run's instance type.", List.of(), "what is not known");

    private final String id;
    private final String words;
    private final Guidance guidance;
    private final String measures;

    VerdictStep(String id, String words, String meaning, String next, List<Threshold> thresholds, String measures) {
        this.id = id;
        this.words = words;
        this.guidance = new Guidance(meaning, next, thresholds);
        this.measures = measures;
    }

    @JsonValue
    public String id() {
        return id;
    }

    /** How pages and reports name the verdict: "the cap". */
    public String words() {
        return words;
    }

    public Guidance guidance() {
        return guidance;
    }

    /**
     * What a figure this step decided measures, as Compare says it when both sides of a comparison were decided
     * by it: "this compares the instance's allowance, not the driver".
     */
    public String measures() {
        return measures;
    }

    @Override
    public String toString() {
        return id;
    }
}
