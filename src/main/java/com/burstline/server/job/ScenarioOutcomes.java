package com.burstline.server.job;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
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
    private final NamedParameterJdbcTemplate jdbc;

    ScenarioOutcomes(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional(readOnly = true)
    public Map<Long, String> statusByRun(Collection<Long> runIds) {
        Map<Long, String> statuses = new HashMap<>();
        if (runIds.isEmpty()) {
            return statuses;
        }
        jdbc.query("SELECT run_id, status FROM job_scenario WHERE run_id IN (:ids)",
                new MapSqlParameterSource("ids", runIds),
                rs -> {
                    statuses.put(rs.getLong(1), rs.getString(2));
                });
        return statuses;
    }
}
