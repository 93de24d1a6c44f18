package com.burstline.bench;

import org.springframework.jdbc.core.JdbcTemplate;

/** Counts the interval rows the uploads stored, so the rows/s figure is what the database holds, not an estimate. */
final class RowCount {
    private final JdbcTemplate jdbc;

    RowCount(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    long now() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM run_interval", Long.class);
    }

    void expectAdded(long before, long expected) {
        long added = now() - before;
        if (added != expected) {
            throw new IllegalStateException("the uploads stored " + added + " interval rows, not " + expected
                    + "; the figures would not mean what they say");
        }
    }
}
