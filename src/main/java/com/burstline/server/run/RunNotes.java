package com.burstline.server.run;

import com.burstline.iperf.IgnoredValue;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.util.List;

/** Keeps what the import marked impossible in each run's output ({@link RunNote}), written with the run. */
@Repository
class RunNotes {
    private final JdbcTemplate jdbc;

    RunNotes(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insert(long runId, List<IgnoredValue> ignored) {
        for (IgnoredValue value : ignored) {
            jdbc.update("INSERT INTO run_note (run_id, json_key, json_path, json_value, value_count, allowed) "
                    + "VALUES (?, ?, ?, ?, ?, ?)", runId, value.key(), cut(value.path(), 300), value.value(),
                    value.count(), cut(value.allowed(), 200));
        }
    }

    List<RunNote> find(long runId) {
        return jdbc.query("SELECT json_key, json_path, json_value, value_count, allowed FROM run_note WHERE run_id = ?"
                + " ORDER BY json_key", (row, n) -> RunNote.of(new IgnoredValue(row.getString("json_key"),
                row.getString("json_path"), row.getString("json_value"), row.getInt("value_count"),
                row.getString("allowed"))), runId);
    }

    private static String cut(String text, int max) {
        return text.length() > max ? text.substring(0, max) : text;
    }
}
