package com.burstline.server.hostconfig;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostConfig;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The configurations both hosts of each scenario attempt had: recorded by the dispatch before the scenario starts,
 * linked to the run the attempt stored, read by runs, jobs, agents, comparisons and reports.
 */
@Service
public class HostConfigs implements RunConfigLookup {
    private final HostConfigStore store;
    private final Clock clock = Clock.systemUTC();

    HostConfigs(HostConfigStore store) {
        this.store = store;
    }

    /**
     * What one host answered for an attempt; {@code config} null when it could not be read, then {@code unreadable}
     * says why ("agent lab-b could not read its configuration: HTTP 404 …").
     */
    public void record(AttemptKey key, HostRole role, String agent, HostConfig config, String unreadable) {
        Instant now = clock.instant();
        boolean empty = config != null && config.facts().isEmpty() && config.unknown().isEmpty();
        if (config == null || empty) {
            store.recordUse(key, role, agent, null, empty ? "the agent's answer held no configuration" : unreadable,
                    Map.of(), now);
            return;
        }
        // a reading the agent made ahead, after its last measurement, is dated when it was made
        store.recordUse(key, role, agent, store.idOf(config, now), null, config.readings(),
                now.minusMillis(config.ageMillis()));
    }

    /** The attempt stored {@code runId}: its hosts' configurations are the run's. */
    public void linkRun(AttemptKey key, long runId) {
        store.linkRun(key, runId);
    }

    /** Each run's configurations, by role; runs without any (uploads, older runs) are absent. */
    @Override
    public RunConfigs ofRuns(Collection<Long> runIds) {
        Map<Long, Map<HostRole, ConfigUse>> byRun = new HashMap<>();
        if (!runIds.isEmpty()) {
            for (ConfigUse use : store.ofRuns(runIds)) {
                byRun.computeIfAbsent(use.runId(), id -> new java.util.EnumMap<>(HostRole.class)).put(use.role(), use);
            }
        }
        return new RunConfigs(byRun);
    }

    /** Every reading of a job, oldest first. */
    public List<ConfigUse> ofJob(long jobId) {
        return store.ofJob(jobId);
    }

    /** The agent's latest configuration, from the last scenario it took part in. */
    public Optional<ConfigUse> latestOf(String agent) {
        return store.latestOf(agent);
    }

    /** The agent's latest configuration in {@code role} among job {@code jobId}'s readings. */
    public Optional<ConfigUse> latestOf(long jobId, HostRole role, String agent) {
        return store.latestOf(jobId, role, agent);
    }

    /** The configurations of a set of runs. */
    public record RunConfigs(Map<Long, Map<HostRole, ConfigUse>> byRun) {
        public ConfigUse of(long runId, HostRole role) {
            Map<HostRole, ConfigUse> uses = byRun.get(runId);
            return uses == null ? null : uses.get(role);
        }

        public boolean has(long runId) {
            return byRun.containsKey(runId);
        }

        /** The value of {@code fact} on {@code role}'s host for the run, or null when unknown. */
        public String fact(long runId, HostRole role, String fact) {
            ConfigUse use = of(runId, role);
            return use == null ? null : use.fact(fact);
        }
    }
}
