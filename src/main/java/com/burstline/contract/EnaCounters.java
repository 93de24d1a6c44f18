package com.burstline.contract;

import java.util.List;

/**
 * ENA's allowance counters, by the names Linux's {@code ethtool -S} uses; Windows agents map their "ENA Packets
 * Shaping" counters to these names, so the server sees one set whatever the host.
 */
public final class EnaCounters {
    public static final String BW_IN = "bw_in_allowance_exceeded";
    public static final String BW_OUT = "bw_out_allowance_exceeded";
    public static final String PPS = "pps_allowance_exceeded";
    public static final String CONNTRACK = "conntrack_allowance_exceeded";
    public static final String LINKLOCAL = "linklocal_allowance_exceeded";
    /** All of them, in the order reports list them. */
    public static final List<String> ALLOWANCE = List.of(BW_IN, BW_OUT, PPS, CONNTRACK, LINKLOCAL);
    /** The ones that mean the instance's traffic was shaped (the others are about connections and link-local). */
    public static final List<String> SHAPING = List.of(BW_IN, BW_OUT, PPS);
    /** ENA Express (SRD) packet counters, ENA driver 2.8 and later: sent over SRD, eligible for it, received. */
    public static final String SRD_TX = "ena_srd_tx_pkts";
    public static final String SRD_ELIGIBLE_TX = "ena_srd_eligible_tx_pkts";
    public static final String SRD_RX = "ena_srd_rx_pkts";
    public static final List<String> SRD = List.of(SRD_TX, SRD_ELIGIBLE_TX, SRD_RX);
    /** Not counters: ENA Express's mode (0–3) and the share of its resources in use (%), read with a configuration. */
    public static final String SRD_MODE = "ena_srd_mode";
    public static final String SRD_RESOURCE_UTILIZATION = "ena_srd_resource_utilization";

    private EnaCounters() {
    }
}
