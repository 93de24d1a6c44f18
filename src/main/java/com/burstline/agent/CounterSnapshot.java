package com.burstline.agent;

import com.burstline.contract.HostDrops;
import com.burstline.contract.ScenarioResult;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * NIC counters and receive-drop counters of one interface at one moment ({@link HostPlatform#snapshot}); the
 * difference of two is what a scenario did to them.
 */
record CounterSnapshot(String interfaceName, Map<String, Long> values, DropReading drops) {

    static CounterSnapshot take(HostPlatform platform, String interfaceName) {
        return platform.snapshot(interfaceName);
    }

    /** The drop counts both snapshots hold, as the SUT sends them with its result. */
    HostDrops dropsTo(CounterSnapshot after, HostPlatform platform) {
        return DropSnapshot.between(platform, interfaceName, drops, after.drops);
    }

    /** Counters present in both snapshots, after minus before; a counter the host lacks is simply absent. */
    Map<String, Object> deltaTo(CounterSnapshot after) {
        Map<String, Long> delta = new LinkedHashMap<>();
        values.forEach((name, before) -> {
            Long later = after.values.get(name);
            if (later != null) {
                delta.put(name, later - before);
            }
        });
        return ScenarioResult.counters(interfaceName, delta);
    }
}
