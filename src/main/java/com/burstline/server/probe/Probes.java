package com.burstline.server.probe;

import com.burstline.contract.Direction;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The probes measured so far: kept by the job feature, read per job, and the latest per host and direction. */
@Service
public class Probes {
    /** Probes are one way each; a host's upload and download credits are measured (and shown) apart. */
    public static final List<Direction> DIRECTIONS = List.of(Direction.UPLOAD, Direction.DOWNLOAD);

    private final BurstProbeRepository probes;

    Probes(BurstProbeRepository probes) {
        this.probes = probes;
    }

    /** Keeps a probe once: a scenario's probe recorded again (a late result) changes nothing. */
    @Transactional
    public void record(NewProbe probe) {
        if (!probes.existsByScenarioId(probe.scenarioId())) {
            probes.save(new BurstProbe(probe));
        }
    }

    /** The job's probes by scenario id. */
    @Transactional(readOnly = true)
    public Map<Long, ProbeView> ofJob(long jobId) {
        return probes.findByJobIdOrderByScenarioIdAsc(jobId).stream().map(BurstProbe::toView)
                .collect(Collectors.toMap(ProbeView::scenarioId, Function.identity()));
    }

    /** The newest probe of each direction of the host, upload first; none for a host never probed. */
    @Transactional(readOnly = true)
    public List<ProbeView> latestOf(String host) {
        return DIRECTIONS.stream()
                .map(direction -> probes.findFirstByHostAndScenarioDirectionOrderByMeasuredAtDescIdDesc(host, direction))
                .flatMap(Optional::stream).map(BurstProbe::toView).toList();
    }

    /** {@link #latestOf(String)} for each of the hosts, in the order given. */
    @Transactional(readOnly = true)
    public List<ProbeView> latestOf(Collection<String> hosts) {
        List<String> distinct = hosts.stream().distinct().toList();
        if (distinct.isEmpty()) {
            return List.of();
        }
        Map<String, Map<Direction, ProbeView>> newest = new HashMap<>();
        for (BurstProbe probe : probes.findNewestOfHosts(distinct)) {
            ProbeView view = probe.toView();
            newest.computeIfAbsent(view.host(), host -> new HashMap<>()).put(view.direction(), view);
        }
        return distinct.stream().flatMap(host -> DIRECTIONS.stream()
                .map(direction -> newest.getOrDefault(host, Map.of()).get(direction))
                .filter(java.util.Objects::nonNull)).toList();
    }
}
