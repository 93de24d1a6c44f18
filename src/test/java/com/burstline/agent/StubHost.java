package com.burstline.agent;

import com.burstline.contract.NicFacts;

import java.util.List;
import java.util.Map;

/**
 * A host for unit tests of one class that needs a {@link HostPlatform}: no interfaces, no route, no counters, not
 * EC2. A test overrides what its class reads.
 */
abstract class StubHost implements HostPlatform {
    @Override
    public List<NicFacts> interfaces() {
        return List.of();
    }

    @Override
    public String routeInterface(String peerHost) {
        return null;
    }

    @Override
    public Map<String, Long> trafficCounters(String interfaceName) {
        return Map.of();
    }

    @Override
    public Map<String, Long> allowanceCounters(String interfaceName) {
        return Map.of();
    }

    @Override
    public boolean looksLikeEc2() {
        return false;
    }
}
