package com.burstline.server.run;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.util.Optional;

/** Keeps each upload's original bytes; by JDBC because they are written once and read back whole. */
@Repository
class RawOutputStore {
    private final JdbcTemplate jdbc;

    RawOutputStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insert(long runId, RawOutput raw) {
        jdbc.update("INSERT INTO run_raw (run_id, media_type, content) VALUES (?, ?, ?)",
                runId, raw.mediaType(), raw.content());
    }

    Optional<RawOutput> find(long runId) {
        return jdbc.query("SELECT media_type, content FROM run_raw WHERE run_id = ?",
                (rs, row) -> new RawOutput(rs.getString("media_type"), rs.getBytes("content")), runId)
                .stream().findFirst();
    }
}
