package com.burstline.server.probe;

import org.springframework.data.jpa.repository.JpaRepository;

import java.util.List;
import java.util.Optional;

interface BurstProbeRepository extends JpaRepository<BurstProbe, Long> {

    List<BurstProbe> findByJobIdOrderByScenarioIdAsc(long jobId);

    Optional<BurstProbe> findFirstByHostAndDirectionOrderByMeasuredAtDescIdDesc(String host, String direction);

    boolean existsByScenarioId(long scenarioId);
}
