package com.burstline.server.run;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.Optional;

/**
 * Finds the run that already holds these exact bytes. A plain indexed lookup inside the import's own transaction:
 * it runs on every upload, so it must cost no more than one round trip.
 */
@Repository
class ContentHashes {
    private final JdbcClient jdbc;

    ContentHashes(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Long> runIdOf(String sha256) {
        return jdbc.sql("SELECT id FROM run WHERE content_sha256 = ?").param(sha256).query(Long.class).optional();
    }
}
