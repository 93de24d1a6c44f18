package com.burstline.server.probe;

import com.burstline.contract.Direction;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

interface BurstProbeRepository extends JpaRepository<BurstProbe, Long> {

    List<BurstProbe> findByJobIdOrderByScenarioIdAsc(long jobId);

    Optional<BurstProbe> findFirstByHostAndScenarioDirectionOrderByMeasuredAtDescIdDesc(String host,
                                                                                        Direction direction);

    boolean existsByScenarioId(long scenarioId);

    /**
     * For each of the hosts, the probe of each direction that {@link
     * #findFirstByHostAndScenarioDirectionOrderByMeasuredAtDescIdDesc} answers, in one query: the Agents page asked twice
     * per agent, and a fleet of hundreds made that page hundreds of queries.
     */
    @Query("""
            select p from BurstProbe p where p.host in :hosts and not exists (
                select q.id from BurstProbe q where q.host = p.host and q.scenario.direction = p.scenario.direction
                    and (q.measuredAt > p.measuredAt or (q.measuredAt = p.measuredAt and q.id > p.id)))""")
    List<BurstProbe> findNewestOfHosts(@Param("hosts") Collection<String> hosts);
}
