package com.burstline.agent;

import com.burstline.contract.HostFacts;
import com.burstline.contract.NicFacts;

import java.util.List;

/** Collects the {@link HostFacts} an agent reports: at registration, and with every result (then with the route). */
final class FactsCollector {
    private final HostPlatform platform;
    private final String iperf3Path;
    private final Iperf3Version iperf3Version;
    private final String instanceType;
    private final List<String> tools;
    private final JobRoutes routes;
    /** The interfaces as last read for a job's scenario; guarded by this. */
    private JobReading lastReading;

    private record JobReading(long jobId, String fingerprint, List<NicFacts> interfaces) {
    }

    /** @param iperf3Version null when the host has no usable iperf3 */
    FactsCollector(HostPlatform platform, String iperf3Path, Iperf3Version iperf3Version, String instanceType,
                   List<String> tools) {
        this.platform = platform;
        this.iperf3Path = iperf3Path;
        this.iperf3Version = iperf3Version;
        this.instanceType = instanceType;
        this.tools = List.copyOf(tools);
        this.routes = new JobRoutes(platform);
    }

    HostFacts collect() {
        return facts(platform.interfaces());
    }

    /** The facts for a run against this peer: the same, plus which interface carries the traffic. */
    HostFacts collectFor(String peerHost) {
        return collect().withRoute(platform.routeInterface(peerHost));
    }

    /**
     * As {@link #collectFor(String)} for a scenario of job {@code jobId}, whose scenarios share one reading of the
     * interfaces while the host's {@link HostPlatform#interfacesFingerprint() fingerprint} stays the same: reading
     * the drivers runs ethtool and ip once per interface, which made most of the pause before each scenario. A job
     * measures one configuration; a driver reloaded meanwhile changes the fingerprint and is read again.
     */
    HostFacts collectFor(long jobId, String peerHost) {
        String fingerprint = platform.interfacesFingerprint();
        List<NicFacts> interfaces;
        synchronized (this) {
            JobReading last = lastReading;
            interfaces = fingerprint != null && last != null && last.jobId() == jobId
                    && fingerprint.equals(last.fingerprint()) ? last.interfaces() : null;
        }
        if (interfaces == null) {
            interfaces = platform.interfaces();
            synchronized (this) {
                lastReading = new JobReading(jobId, fingerprint, interfaces);
            }
        }
        return facts(interfaces).withRoute(routes.towards(jobId, peerHost));
    }

    /** The interface towards {@code peerHost}, looked up once per job ({@link JobRoutes}); null job: afresh. */
    String routeTowards(Long jobId, String peerHost) {
        return routes.towards(jobId, peerHost);
    }

    private HostFacts facts(List<NicFacts> interfaces) {
        return new HostFacts(System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), iperf3Version == null ? null : iperf3Path,
                iperf3Version == null ? null : iperf3Version.text(), instanceType, interfaces, null, tools);
    }

    HostPlatform platform() {
        return platform;
    }
}
