package com.burstline.agent;

import com.burstline.contract.EnaCounters;

import java.util.Locale;
import java.util.Map;

/**
 * Maps the Windows "ENA Packets Shaping" counter paths to the names Linux's {@code ethtool -S} uses, so that the
 * server sees one set of names whatever the host.
 */
final class EnaShapingCounters {
    private static final Map<String, String> BY_WINDOWS_NAME = Map.of(
            "aggregate inbound bw allowance exceeded", EnaCounters.BW_IN,
            "aggregate outbound bw allowance exceeded", EnaCounters.BW_OUT,
            "pps allowance exceeded", EnaCounters.PPS,
            "connection tracking allowance exceeded", EnaCounters.CONNTRACK,
            "link local packet rate allowance exceeded", EnaCounters.LINKLOCAL);

    private EnaShapingCounters() {
    }

    /** {@code \\host\ena packets shaping(ethernet)\pps allowance exceeded} → {@code pps_allowance_exceeded}. */
    static String canonicalName(String counterPath) {
        int lastSlash = counterPath.lastIndexOf('\\');
        String counter = counterPath.substring(lastSlash + 1).strip().toLowerCase(Locale.ROOT);
        return BY_WINDOWS_NAME.get(counter);
    }
}
