package com.burstline.agent;

import com.burstline.contract.NicFacts;

import java.util.List;
import java.util.Map;

/** What differs between Linux and Windows hosts: NIC facts, routing and counters. Unknown values are null/absent. */
interface HostPlatform {
    /** Each interface with what the host tells about it. */
    List<NicFacts> interfaces();

    /**
     * A cheap reading that changes whenever {@link #interfaces()} may have (an interface came, went, or was
     * re-created, as reloading its driver does), or null when the host cannot tell: then every reading is fresh.
     */
    default String interfacesFingerprint() {
        return null;
    }

    /** The interface the host would send to this peer through, or null. */
    String routeInterface(String peerHost);

    /** The interface's byte, packet, drop and error counters; cheap enough to read once a second. */
    Map<String, Long> trafficCounters(String interfaceName);

    /** ENA's allowance counters ({@link com.burstline.contract.EnaCounters}), where the NIC has them. */
    Map<String, Long> allowanceCounters(String interfaceName);

    /** Everything a scenario's before/after snapshot compares. */
    default Map<String, Long> counters(String interfaceName) {
        Map<String, Long> all = new java.util.LinkedHashMap<>(trafficCounters(interfaceName));
        all.putAll(allowanceCounters(interfaceName));
        return all;
    }

    /**
     * {@link #counters} and {@link #dropCounters} at one moment, as a scenario's SUT reads them before and after its
     * traffic; a host whose two share a source reads it once.
     */
    default CounterSnapshot snapshot(String interfaceName) {
        return new CounterSnapshot(interfaceName, interfaceName == null ? Map.of() : counters(interfaceName),
                dropCounters(interfaceName));
    }

    /**
     * The receive-drop counters the host keeps for one scenario's traffic: its UDP layer's and the interface's
     * ({@link com.burstline.contract.HostDrops}' names), each unknown with its reason where the host cannot tell.
     *
     * @param interfaceName the interface the traffic arrives through; null when not known
     */
    default DropReading dropCounters(String interfaceName) {
        return DropReading.unknown("this host's platform reads no drop counters",
                com.burstline.contract.HostDrops.UDP_IN_ERRORS, com.burstline.contract.HostDrops.RX_DROPPED);
    }

    /**
     * The interface that holds this host's own address {@code localAddress} (the peer's test address: its server
     * role's traffic arrives there), or null. A route lookup would not do: the kernel routes a host's own address
     * through the loopback.
     */
    default String interfaceOf(String localAddress) {
        try {
            java.net.NetworkInterface nic = java.net.NetworkInterface.getByInetAddress(
                    java.net.InetAddress.getByName(localAddress));
            return nic == null ? null : nic.getName();
        } catch (java.io.IOException | RuntimeException unknown) {
            return null;
        }
    }

    /** Whether the host says it is an EC2 instance (so that asking the instance metadata service makes sense). */
    boolean looksLikeEc2();

    static HostPlatform current() {
        return System.getProperty("os.name", "").startsWith("Windows") ? new WindowsPlatform() : new LinuxPlatform();
    }
}
