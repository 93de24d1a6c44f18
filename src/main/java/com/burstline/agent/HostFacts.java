package com.burstline.agent;

import java.util.LinkedHashMap;
import java.util.Map;

/** The facts an agent reports about its host: at registration, and with every result (then with the route). */
final class HostFacts {
    private final HostPlatform platform;
    private final String iperf3Path;
    private final Iperf3Version iperf3Version;
    private final String instanceType;

    HostFacts(HostPlatform platform, String iperf3Path, Iperf3Version iperf3Version, String instanceType) {
        this.platform = platform;
        this.iperf3Path = iperf3Path;
        this.iperf3Version = iperf3Version;
        this.instanceType = instanceType;
    }

    Map<String, Object> collect() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("osName", System.getProperty("os.name"));
        facts.put("osVersion", System.getProperty("os.version"));
        facts.put("arch", System.getProperty("os.arch"));
        facts.put("cpus", Runtime.getRuntime().availableProcessors());
        facts.put("javaVersion", System.getProperty("java.version"));
        facts.put("iperf3Path", iperf3Path);
        facts.put("iperf3Version", iperf3Version.text());
        facts.put("instanceType", instanceType);
        facts.put("interfaces", platform.interfaces());
        facts.put("routeInterface", null);
        return facts;
    }

    /** The facts for a run against this peer: the same, plus which interface carries the traffic. */
    Map<String, Object> collectFor(String peerHost) {
        Map<String, Object> facts = collect();
        facts.put("routeInterface", platform.routeInterface(peerHost));
        return facts;
    }

    HostPlatform platform() {
        return platform;
    }

    Iperf3Version iperf3Version() {
        return iperf3Version;
    }
}
