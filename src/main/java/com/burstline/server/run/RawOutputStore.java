package com.burstline.server.run;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.Optional;

/** Keeps each upload's original bytes: one statement each way, written once and read back whole. */
@Repository
class RawOutputStore {
    private final JdbcClient jdbc;

    RawOutputStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(long runId, RawOutput raw) {
        jdbc.sql("INSERT INTO run_raw (run_id, media_type, content) VALUES (?, ?, ?)")
                .params(runId, raw.mediaType(), raw.content()).update();
    }

    Optional<RawOutput> find(long runId) {
        return jdbc.sql("SELECT media_type, content FROM run_raw WHERE run_id = ?").param(runId)
                .query((rs, row) -> new RawOutput(rs.getString("media_type"), rs.getBytes("content"))).optional();
    }
}
