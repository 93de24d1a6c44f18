package com.burstline.agent;

import java.util.HashMap;
import java.util.Map;

/**
 * Which interface carries the traffic towards a peer, looked up once per job while the host's interfaces keep their
 * {@link HostPlatform#interfacesFingerprint() fingerprint}: each scenario asked three times (both hosts' configuration
 * and the SUT's facts), each a process on the way to the scenario's start. A job measures one configuration, as its
 * shared reading of the interfaces says ({@link FactsCollector}); a new job looks again, so a route changed between
 * jobs is seen. A failed lookup is not kept.
 */
final class JobRoutes {
    private final HostPlatform platform;
    /** The routes looked up for the latest job; guarded by this. */
    private JobLookups latest;

    private record JobLookups(long jobId, String fingerprint, Map<String, String> interfaceByPeer) {
    }

    JobRoutes(HostPlatform platform) {
        this.platform = platform;
    }

    /** @param jobId the job the lookup is for; null when none was named, which always looks afresh */
    String towards(Long jobId, String peerHost) {
        String fingerprint = jobId == null ? null : platform.interfacesFingerprint();
        if (fingerprint == null) {
            return platform.routeInterface(peerHost);
        }
        synchronized (this) {
            if (latest == null || latest.jobId() != jobId || !fingerprint.equals(latest.fingerprint())) {
                latest = new JobLookups(jobId, fingerprint, new HashMap<>());
            }
            String known = latest.interfaceByPeer().get(peerHost);
            if (known != null) {
                return known;
            }
        }
        String found = platform.routeInterface(peerHost);
        synchronized (this) {
            if (found != null && latest.jobId() == jobId && fingerprint.equals(latest.fingerprint())) {
                latest.interfaceByPeer().put(peerHost, found);
            }
        }
        return found;
    }
}
