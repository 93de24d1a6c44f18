package com.burstline.server.run;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.SqlTypeValue;
import org.springframework.jdbc.core.StatementCreatorUtils;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

import java.sql.PreparedStatement;
import java.sql.Types;
import java.util.Objects;

/**
 * Writes a new run's row and tags by plain JDBC. Reads, deletes and paging stay with JPA ({@link RunRepository});
 * the insert does not, because persisting through Hibernate was most of an upload's cost beside the database's own
 * work (see the upload benchmark, docs/benchmarks.md). The row is the one {@link Run} maps, column for column.
 */
@Repository
class RunWriter {
    private static final String INSERT = """
            INSERT INTO run (content_sha256, uploaded_at, sut, peer, instance_type, driver, tool, tool_version,
                output_format, started_at, protocol, direction, streams, duration_seconds, omit_seconds, target_bps,
                sent_bps, received_bps, retransmits, jitter_ms, lost_percent, host_cpu_percent, remote_cpu_percent,
                reverse_sent_bps, reverse_received_bps, burst_limit_bps, baseline_bps, interval_count, job_id,
                host_facts, nic_counters, command, status, error, peer_tool, peer_tool_version, side)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                ?, ?, ?, ?)""";
    private static final int TIMESTAMPS_AT_1 = 1;
    private static final int TIMESTAMPS_AT_2 = 9;

    private final JdbcTemplate jdbc;

    RunWriter(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts the run and its tags and gives it its new id. */
    void insert(Run run) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.update(creator(run.insertValues()), key);
        run.assignId(Objects.requireNonNull(key.getKeyAs(Number.class), "no id generated").longValue());
        jdbc.batchUpdate("INSERT INTO run_tag (run_id, tag) VALUES (?, ?)", run.tags(), run.tags().size(),
                (statement, tag) -> {
                    statement.setLong(1, run.getId());
                    statement.setString(2, tag);
                });
    }

    private static PreparedStatementCreator creator(Object[] values) {
        return connection -> {
            PreparedStatement statement = connection.prepareStatement(INSERT, new String[]{"id"});
            for (int i = 0; i < values.length; i++) {
                boolean timestamp = i == TIMESTAMPS_AT_1 || i == TIMESTAMPS_AT_2;
                int type = timestamp ? Types.TIMESTAMP_WITH_TIMEZONE : SqlTypeValue.TYPE_UNKNOWN;
                StatementCreatorUtils.setParameterValue(statement, i + 1, type, values[i]);
            }
            return statement;
        };
    }
}
