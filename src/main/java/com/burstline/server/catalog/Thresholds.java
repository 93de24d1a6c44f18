package com.burstline.server.catalog;

/**
 * Every threshold the findings and the verdict use, once, each with the real runs behind it (the shared samples and
 * {@code src/test/resources/iperf3/*-lab.json}, made over the lab's 5 Gbit/s tbf veth; their README says how). The
 * catalog ({@link FindingKind}, {@link VerdictStep}) names which ones each kind and step applies; docs/guide.md's
 * table is tested against them.
 */
public final class Thresholds {
    /** The cap: at or above this share of the limit that applied, the limit decided the figure. */
    public static final Threshold AT_CAP = new Threshold("at-cap", 90, "% of the limit that applied",
            "every TCP run over the lab's 5 Gbit/s shaper sat at 95–96% of it, whatever the client version, stream "
                    + "count or direction");
    /** Beyond the limit: more than this share of the limit cannot have crossed that instance's NIC. */
    public static final Threshold BEYOND_LIMIT = new Threshold("beyond-limit", 105, "% of the limit that applied",
            "a shaper lets its bucket through first: runs at the lab's 5 Gbit/s shaper read at most 96% of it, "
                    + "their first interval 0.6% high; a loopback -P 4 run labelled t4g.large read 390%");
    /** A sender that put out less than this share of its target decided the run. */
    public static final Threshold SENT_OF_TARGET = new Threshold("sent-of-target", 95, "% of the target",
            "senders that kept up sent 99–100% of their target; the 3.12 client asked for 5 Gbit/s sent 0.79, the "
                    + "3.18 one 1.44, the emulated iperf3 of the seed article the same");
    /** One core's worth of CPU: iperf3 before 3.16 runs one thread, so a host at this share is saturated. */
    public static final Threshold ONE_CORE = new Threshold("one-core", 90, "% CPU",
            "the loopback TCP run at 16 Gbit/s had its client at 98%; senders and receivers that kept up used "
                    + "12–73%");
    /** UDP loss under this share is noise, not a finding. */
    public static final Threshold MIN_LOST = new Threshold("min-lost", 1, "% of the datagrams",
            "runs whose receiver kept up lost 0%; every run that dropped lost 1.0–47.5%");
    /** TCP retransmitting at this rate or more lost segments on the way. */
    public static final Threshold MIN_RETRANSMITS = new Threshold("min-retransmits", 10, "retransmits per GB received",
            "about one segment in 70,000: a 1 Gbit/s run had 4.8 per GB, runs at the shaper 15.7–822 per GB");
    /** Download and upload differing by this much (of the upload) is asymmetry. */
    public static final Threshold ASYMMETRY = new Threshold("asymmetry", 10, "% of the upload",
            "the symmetric shaper's directions differed by 0.1–2.9%, the same upload with another client by up "
                    + "to 9%; the download side shaped to 4 Gbit/s gives 20%, the seed article's case");
    /** A burst step starts at or above this share of the burst limit. */
    public static final Threshold BURST_HIGH = new Threshold("burst-high", 50, "% of the burst limit",
            "the lab run re-shaped from 5 Gbit/s to 500 Mbit/s at 6 s ran at 96% before the step");
    /** ... and falls to at most this share of its level before. */
    public static final Threshold BURST_DROP = new Threshold("burst-drop", 50, "% of the level before",
            "the re-shaped lab run fell to 10% of its level; a steady shaper varies by under 6%");
    /** ... and stays down this many intervals at least. */
    public static final Threshold BURST_AFTER = new Threshold("burst-after", 2, "intervals",
            "one low interval is a TCP loss recovery, not a spent credit");
    /** A TCP run at or above this share of the burst limit with retransmits is at a shaper. */
    public static final Threshold AT_SHAPER = new Threshold("at-shaper", 80, "% of the burst limit",
            "TCP runs at the shaper averaged 85–96% of it; the lowest are the single-stream 3.18 runs");
    /** ... whose per-interval rate varies by less than this (coefficient of variation). */
    public static final Threshold FLAT = new Threshold("flat", 6, "% coefficient of variation",
            "runs at the shaper varied by 0.1–5.2%, the burst step by 85%, unshaped loopback runs by 7.9–21%");
    /** More variation than this makes a run a poor basis for a comparison. */
    public static final Threshold UNSTABLE_CV = new Threshold("unstable-cv", 10, "% coefficient of variation",
            "shaped runs varied by at most 5.2%; a UDP download whose receiver fell from 0.99 to 0.64 Gbit/s by 21%");
    /** ... and so do more retransmits than this (about 0.14% of 1448-byte segments). */
    public static final Threshold UNSTABLE_RETRANSMITS = new Threshold("unstable-retransmits", 1000,
            "retransmits per GB received", "shaped runs retransmitted at most 822 per GB");

    /** ENA Express on, yet under this share of the eligible packets the SUT sent went over SRD. */
    public static final Threshold SRD_ELIGIBLE_SENT = new Threshold("srd-eligible-sent", 90,
            "% of the eligible packets sent", "minor gaps while a connection is set up are ignored (AWS: eligible "
                    + "packets fall back over the MTU limit, near full SRD resources, during a live migration)");
    /** ... or under this share of the packets it received came over SRD. */
    public static final Threshold SRD_RECEIVED = new Threshold("srd-received", 50, "% of the packets received",
            "the peer sends over SRD only with ENA Express on for its own interface too");
    /** SRD resource utilisation at or above this explains a fallback to standard ENA. */
    public static final Threshold SRD_NEAR_FULL = new Threshold("srd-near-full", 90, "% SRD resource utilisation",
            "AWS: as utilisation approaches 100%, ENA Express falls back from SRD to standard ENA transmission");

    /** The probe's loaded median round trip at this multiple of its idle one or more is a queue building... */
    public static final Threshold LATENCY_RATIO = new Threshold("latency-ratio", 4, "× the idle median round trip",
            "into tbf rate 1gbit latency 50ms the loaded median rose past 10 ms from well under 1 ms idle; the bare "
                    + "veth and latency 1ms (at most 9 ms of queue) stayed under 10 ms (LatencyLabIT)");
    /** ... and this many milliseconds above it: on shared cores a sub-millisecond idle median multiplies easily. */
    public static final Threshold LATENCY_RISE = new Threshold("latency-rise", 10, "ms above the idle median",
            "on two shared cores at a load of 18 the bare veth's loaded p99 was 32 ms with no queue at all, while "
                    + "its median stayed under 1 ms: the median decides, by at least 10 ms");

    private Thresholds() {
    }

    /** A share in percent as the fraction rules compute with: 90 -> 0.9. */
    public static double fraction(Threshold threshold) {
        return threshold.value() / 100;
    }
}
