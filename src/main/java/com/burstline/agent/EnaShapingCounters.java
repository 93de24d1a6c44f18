package com.burstline.agent;

import java.util.Locale;
import java.util.Map;

/**
 * Maps the Windows "ENA Packets Shaping" counter paths to the names Linux's {@code ethtool -S} uses, so that the
 * server sees one set of names whatever the host.
 */
final class EnaShapingCounters {
    private static final Map<String, String> BY_WINDOWS_NAME = Map.of(
            "aggregate inbound bw allowance exceeded", "bw_in_allowance_exceeded",
            "aggregate outbound bw allowance exceeded", "bw_out_allowance_exceeded",
            "pps allowance exceeded", "pps_allowance_exceeded",
            "connection tracking allowance exceeded", "conntrack_allowance_exceeded",
            "link local packet rate allowance exceeded", "linklocal_allowance_exceeded");

    private EnaShapingCounters() {
    }

    /** {@code \\host\ena packets shaping(ethernet)\pps allowance exceeded} → {@code pps_allowance_exceeded}. */
    static String canonicalName(String counterPath) {
        int lastSlash = counterPath.lastIndexOf('\\');
        String counter = counterPath.substring(lastSlash + 1).strip().toLowerCase(Locale.ROOT);
        return BY_WINDOWS_NAME.get(counter);
    }
}
