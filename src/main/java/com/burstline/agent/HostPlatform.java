package com.burstline.agent;

import java.util.List;
import java.util.Map;

/** What differs between Linux and Windows hosts: NIC facts, routing and counters. Unknown values are null/absent. */
interface HostPlatform {
    /** Each interface: name, driver, driverVersion, firmwareVersion, speedMbps, mtu, addresses. */
    List<Map<String, Object>> interfaces();

    /** The interface the host would send to this peer through, or null. */
    String routeInterface(String peerHost);

    /** The interface's byte, packet, drop and error counters; cheap enough to read once a second. */
    Map<String, Long> trafficCounters(String interfaceName);

    /** ENA's allowance counters, where the NIC has them (empty elsewhere). */
    Map<String, Long> allowanceCounters(String interfaceName);

    /** Everything a scenario's before/after snapshot compares. */
    default Map<String, Long> counters(String interfaceName) {
        Map<String, Long> all = new java.util.LinkedHashMap<>(trafficCounters(interfaceName));
        all.putAll(allowanceCounters(interfaceName));
        return all;
    }

    /** Whether the host says it is an EC2 instance (so that asking the instance metadata service makes sense). */
    boolean looksLikeEc2();

    static HostPlatform current() {
        return System.getProperty("os.name", "").startsWith("Windows") ? new WindowsPlatform() : new LinuxPlatform();
    }

    /** The allowance counters ENA exposes (Linux: ethtool -S; Windows: the "ENA Packets Shaping" counter set). */
    List<String> ENA_ALLOWANCE_COUNTERS = List.of("bw_in_allowance_exceeded", "bw_out_allowance_exceeded",
            "pps_allowance_exceeded", "conntrack_allowance_exceeded", "linklocal_allowance_exceeded");
}
