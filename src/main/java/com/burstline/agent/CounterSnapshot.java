package com.burstline.agent;

import com.burstline.contract.ScenarioResult;

import java.util.LinkedHashMap;
import java.util.Map;

/** NIC counters of one interface at one moment; the difference of two is what a scenario did to them. */
record CounterSnapshot(String interfaceName, Map<String, Long> values) {

    static CounterSnapshot take(HostPlatform platform, String interfaceName) {
        return new CounterSnapshot(interfaceName, interfaceName == null ? Map.of() : platform.counters(interfaceName));
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
