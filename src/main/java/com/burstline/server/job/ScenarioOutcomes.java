package com.burstline.server.job;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The status of the job scenario that measured each run, for exports: SUCCEEDED, or FAILED for a result that came
 * after its scenario had been given up. Runs no job measured are not in the map.
 */
@Service
public class ScenarioOutcomes {
    private final JdbcClient jdbc;

    ScenarioOutcomes(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional(readOnly = true)
    public Map<Long, String> statusByRun(Collection<Long> runIds) {
        Map<Long, String> statuses = new HashMap<>();
        if (runIds.isEmpty()) {
            return statuses;
        }
        jdbc.sql("SELECT run_id, status FROM job_scenario WHERE run_id IN (:ids)").param("ids", runIds)
                .query(rs -> {
                    statuses.put(rs.getLong(1), rs.getString(2));
                });
        return statuses;
    }
}
