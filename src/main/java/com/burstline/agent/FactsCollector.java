package com.burstline.agent;

import com.burstline.contract.HostFacts;

import java.util.List;

/** Collects the {@link HostFacts} an agent reports: at registration, and with every result (then with the route). */
final class FactsCollector {
    private final HostPlatform platform;
    private final String iperf3Path;
    private final Iperf3Version iperf3Version;
    private final String instanceType;
    private final List<String> tools;

    /** @param iperf3Version null when the host has no usable iperf3 */
    FactsCollector(HostPlatform platform, String iperf3Path, Iperf3Version iperf3Version, String instanceType,
                   List<String> tools) {
        this.platform = platform;
        this.iperf3Path = iperf3Path;
        this.iperf3Version = iperf3Version;
        this.instanceType = instanceType;
        this.tools = List.copyOf(tools);
    }

    HostFacts collect() {
        return new HostFacts(System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), iperf3Version == null ? null : iperf3Path,
                iperf3Version == null ? null : iperf3Version.text(), instanceType, platform.interfaces(), null, tools);
    }

    /** The facts for a run against this peer: the same, plus which interface carries the traffic. */
    HostFacts collectFor(String peerHost) {
        return collect().withRoute(platform.routeInterface(peerHost));
    }

    HostPlatform platform() {
        return platform;
    }
}
