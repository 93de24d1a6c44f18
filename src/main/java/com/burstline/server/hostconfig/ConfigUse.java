package com.burstline.server.hostconfig;

import com.burstline.contract.HostConfig;
import com.burstline.contract.NicFacts;

import java.time.Instant;
import java.util.Map;

/**
 * One host's configuration as read for one scenario attempt: the configuration (null when none could be read, and
 * {@code unreadable} says why), the moment's readings, and the run the attempt stored (null until then).
 */
public record ConfigUse(long jobId, long scenarioId, int attempt, HostRole role, String agent, Long configId,
                        HostConfig config, String unreadable, Map<String, Long> readings, Instant readAt,
                        Long runId) {
    public ConfigUse {
        readings = readings == null ? Map.of() : Map.copyOf(readings);
    }

    /** "ena 2.11.0", as a run's driver label says it, from the reading's driver and its version; null if unknown. */
    public String driverLabel() {
        return NicFacts.driverLabel(fact("nic.driver"), fact("nic.driverVersion"));
    }

    /** A fact's value, or null when the configuration is unknown or lacks it. */
    public String fact(String name) {
        return config == null ? null : config.facts().get(name);
    }
}
