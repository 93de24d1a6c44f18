package com.burstline.agent;

import com.burstline.contract.HostDrops;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A host's receive-drop counters read before a measurement; {@link #after} reads them again and gives the
 * {@link HostDrops} both roles send: the SUT with its result, the peer for its server role.
 */
final class DropSnapshot {
    private final HostPlatform platform;
    private final String interfaceName;
    private final DropReading before;

    private DropSnapshot(HostPlatform platform, String interfaceName, DropReading before) {
        this.platform = platform;
        this.interfaceName = interfaceName;
        this.before = before;
    }

    /** @param interfaceName the interface the traffic arrives through; null when not known */
    static DropSnapshot before(HostPlatform platform, String interfaceName) {
        return new DropSnapshot(platform, interfaceName, platform.dropCounters(interfaceName));
    }

    HostDrops after() {
        return between(platform, interfaceName, before, platform.dropCounters(interfaceName));
    }

    static HostDrops between(HostPlatform platform, String interfaceName, DropReading before, DropReading after) {
        Map<String, String> unknown = new LinkedHashMap<>(before.unknown());
        after.unknown().forEach(unknown::putIfAbsent);
        return new HostDrops(interfaceName, platform instanceof WindowsPlatform ? HostDrops.WINDOWS : HostDrops.LINUX,
                before.values(), after.values(), unknown);
    }
}
