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

    private EnaCounters() {
    }
}
