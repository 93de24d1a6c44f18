package com.burstline.server.run;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.StatementCreatorUtils;
import org.springframework.jdbc.core.SqlTypeValue;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

import java.sql.PreparedStatement;
import java.sql.Types;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Writes a new run's row and tags by plain JDBC. Reads, deletes and paging stay with JPA ({@link RunRepository});
 * the insert does not, because persisting through Hibernate was most of an upload's cost beside the database's own
 * work (see the upload benchmark, docs/benchmarks.md). The row is the one {@link Run} maps, column for column
 * ({@link RunColumns}).
 */
@Repository
class RunWriter {
    /** Typed, so that a null time is bound as one too. */
    private static final Set<String> TIMESTAMPS = Set.of("uploaded_at", "started_at");

    private final JdbcTemplate jdbc;

    RunWriter(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts the run and its tags and gives it its new id. */
    void insert(Run run) {
        RunColumns columns = run.columns();
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.update(creator(columns.names(), columns.values()), key);
        run.assignId(Objects.requireNonNull(key.getKeyAs(Number.class), "no id generated").longValue());
        jdbc.batchUpdate("INSERT INTO run_tag (run_id, tag) VALUES (?, ?)", run.tags(), run.tags().size(),
                (statement, tag) -> {
                    statement.setLong(1, run.getId());
                    statement.setString(2, tag);
                });
    }

    private static PreparedStatementCreator creator(List<String> columns, Object[] values) {
        String insert = "INSERT INTO run (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
        return connection -> {
            PreparedStatement statement = connection.prepareStatement(insert, new String[]{"id"});
            for (int i = 0; i < values.length; i++) {
                int type = TIMESTAMPS.contains(columns.get(i)) ? Types.TIMESTAMP_WITH_TIMEZONE
                        : SqlTypeValue.TYPE_UNKNOWN;
                StatementCreatorUtils.setParameterValue(statement, i + 1, type, values[i]);
            }
            return statement;
        };
    }
}
