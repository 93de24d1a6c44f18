package com.burstline.agent;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reading of a host's receive-drop counters under {@link com.burstline.contract.HostDrops}' names, and for each
 * counter that could not be read, why. Readers answer this instead of failing: a counter the host lacks is unknown
 * with its reason, never 0.
 */
record DropReading(Map<String, Long> values, Map<String, String> unknown) {
    DropReading {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        unknown = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unknown));
    }

    static DropReading of(Map<String, Long> values) {
        return new DropReading(values, Map.of());
    }

    /** Each named counter unknown for the same reason. */
    static DropReading unknown(String reason, String... counters) {
        Map<String, String> unknown = new LinkedHashMap<>();
        for (String counter : counters) {
            unknown.put(counter, reason);
        }
        return new DropReading(Map.of(), unknown);
    }

    /** Both readings' counters; a counter one of them knows is not unknown. */
    DropReading and(DropReading other) {
        Map<String, Long> allValues = new LinkedHashMap<>(values);
        allValues.putAll(other.values);
        Map<String, String> allUnknown = new LinkedHashMap<>(unknown);
        allUnknown.putAll(other.unknown);
        allUnknown.keySet().removeAll(allValues.keySet());
        return new DropReading(allValues, allUnknown);
    }
}
