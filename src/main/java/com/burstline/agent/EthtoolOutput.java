package com.burstline.agent;

import com.burstline.contract.EnaCounters;

import java.util.LinkedHashMap;
import java.util.Map;

/** Reads {@code ethtool -i} (driver facts) and {@code ethtool -S} (NIC statistics) output. */
final class EthtoolOutput {
    private EthtoolOutput() {
    }

    /** {@code driver: ena}, {@code version: 2.11.0}, ... as a map; empty when ethtool gave nothing. */
    static Map<String, String> driverInfo(String output) {
        Map<String, String> info = new LinkedHashMap<>();
        if (output == null) {
            return info;
        }
        for (String line : output.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !line.substring(colon + 1).isBlank()) {
                info.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
            }
        }
        return info;
    }

    /**
     * Only ENA's allowance and ENA Express (SRD) counters: the other statistics differ per driver and the sysfs ones
     * suffice.
     */
    static Map<String, Long> allowanceCounters(String output) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon).strip();
            if (EnaCounters.ALLOWANCE.contains(name) || EnaCounters.SRD.contains(name)) {
                try {
                    counters.put(name, Long.parseLong(line.substring(colon + 1).strip()));
                } catch (NumberFormatException ignored) {
                    // not a counter line
                }
            }
        }
        return counters;
    }
}
