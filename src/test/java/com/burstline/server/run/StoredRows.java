package com.burstline.server.run;

import org.springframework.jdbc.core.JdbcTemplate;

/** Counts of every table a run touches: "nothing stored" means all four are unchanged. */
public record StoredRows(long runs, long intervals, long raws, long tags) {
    public static StoredRows count(JdbcTemplate jdbc) {
        return new StoredRows(count(jdbc, "run"), count(jdbc, "run_interval"), count(jdbc, "run_raw"),
                count(jdbc, "run_tag"));
    }

    private static long count(JdbcTemplate jdbc, String table) {
        Long count = jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
        return count == null ? 0 : count;
    }
}
