package com.burstline.server.run;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** The run_label_change rows: appended by {@link RunLabelEditor}, read oldest first; deleted with their run. */
@Repository
class LabelHistory {
    private final JdbcTemplate jdbc;

    LabelHistory(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void append(long runId, List<LabelChange> changes) {
        jdbc.batchUpdate("INSERT INTO run_label_change (run_id, changed_at, changed_by, field, old_value, new_value)"
                + " VALUES (?, ?, ?, ?, ?, ?)", changes, changes.size(), (statement, change) -> {
                    statement.setLong(1, runId);
                    statement.setObject(2, change.changedAt().atOffset(ZoneOffset.UTC));
                    statement.setString(3, change.changedBy());
                    statement.setString(4, change.field());
                    statement.setString(5, change.oldValue());
                    statement.setString(6, change.newValue());
                });
    }

    List<LabelChange> of(long runId) {
        return jdbc.query("SELECT changed_at, changed_by, field, old_value, new_value FROM run_label_change "
                + "WHERE run_id = ? ORDER BY id", (rs, row) -> new LabelChange(
                instant(rs.getObject(1, OffsetDateTime.class)), rs.getString(2), rs.getString(3), rs.getString(4),
                rs.getString(5)), runId);
    }

    private static Instant instant(OffsetDateTime time) {
        return time.toInstant();
    }
}
