package com.burstline.agent;

import com.burstline.contract.HostFacts;

/** Collects the {@link HostFacts} an agent reports: at registration, and with every result (then with the route). */
final class FactsCollector {
    private final HostPlatform platform;
    private final String iperf3Path;
    private final Iperf3Version iperf3Version;
    private final String instanceType;

    FactsCollector(HostPlatform platform, String iperf3Path, Iperf3Version iperf3Version, String instanceType) {
        this.platform = platform;
        this.iperf3Path = iperf3Path;
        this.iperf3Version = iperf3Version;
        this.instanceType = instanceType;
    }

    HostFacts collect() {
        return new HostFacts(System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), iperf3Path, iperf3Version.text(), instanceType,
                platform.interfaces(), null);
    }

    /** The facts for a run against this peer: the same, plus which interface carries the traffic. */
    HostFacts collectFor(String peerHost) {
        return collect().withRoute(platform.routeInterface(peerHost));
    }

    HostPlatform platform() {
        return platform;
    }

    Iperf3Version iperf3Version() {
        return iperf3Version;
    }
}
