package com.burstline.server.hostconfig;

import com.burstline.contract.HostConfig;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** Builds {@link HostConfigView}s: of a run's two hosts, of a job's readings, of an agent's latest. */
@Component
public class HostConfigViews {
    private final HostConfigs configs;
    private final ConfigAudit audit;

    HostConfigViews(HostConfigs configs, ConfigAudit audit) {
        this.configs = configs;
        this.audit = audit;
    }

    /** The SUT's and the peer's configuration for the run; empty for a run no job measured. */
    public List<HostConfigView> ofRun(long runId) {
        HostConfigs.RunConfigs of = configs.ofRuns(List.of(runId));
        List<HostConfigView> views = new ArrayList<>();
        for (HostRole role : HostRole.values()) {
            ConfigUse use = of.of(runId, role);
            if (use != null) {
                views.add(view(use, List.of(use.scenarioId())));
            }
        }
        return views;
    }

    /**
     * Each distinct configuration each host of the job had, SUT first, in the order first read, with the scenarios
     * that read it: one view per host unless a setting changed during the job.
     */
    public List<HostConfigView> ofJob(long jobId) {
        Map<List<Object>, List<ConfigUse>> distinct = new LinkedHashMap<>();
        configs.ofJob(jobId).stream().sorted(Comparator.comparing(ConfigUse::role))
                .forEach(use -> distinct.computeIfAbsent(List.of(use.role(), use.agent(),
                        Objects.requireNonNullElse(use.configId(), "none: " + use.unreadable())),
                        key -> new ArrayList<>()).add(use));
        List<HostConfigView> views = new ArrayList<>();
        distinct.values().forEach(uses -> views.add(view(uses.get(uses.size() - 1),
                uses.stream().map(ConfigUse::scenarioId).distinct().toList())));
        return views;
    }

    /** The agent's latest configuration, or null when no scenario has read it yet. */
    public HostConfigView latestOf(String agent) {
        return configs.latestOf(agent).map(use -> view(use, List.of(use.scenarioId()))).orElse(null);
    }

    private HostConfigView view(ConfigUse use, List<Long> scenarioIds) {
        HostConfig config = use.config();
        if (config == null) {
            return new HostConfigView(use.role().apiName(), use.agent(), null, null, null, use.readAt(), scenarioIds,
                    List.of(), List.of(), use.readings(), List.of(), use.unreadable());
        }
        List<HostConfigView.Fact> facts = config.facts().entrySet().stream()
                .sorted(Comparator.comparingInt((Map.Entry<String, String> e) -> FactCatalog.rank(e.getKey()))
                        .thenComparing(Map.Entry::getKey))
                .map(e -> new HostConfigView.Fact(e.getKey(), FactCatalog.label(e.getKey()), e.getValue(),
                        FactCatalog.weight(e.getKey()).name().toLowerCase(Locale.ROOT))).toList();
        List<HostConfigView.Unknown> unknown = config.unknown().entrySet().stream()
                .map(e -> new HostConfigView.Unknown(e.getKey(), FactCatalog.label(e.getKey()), e.getValue()))
                .toList();
        return new HostConfigView(use.role().apiName(), use.agent(), use.configId(), config.os(),
                config.interfaceName(), use.readAt(), scenarioIds, facts, unknown, use.readings(),
                audit.audit(config), null);
    }
}
