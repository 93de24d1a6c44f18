package com.burstline.server.run;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A long run's packs ({@code run_interval_pack}): the rows its chart keeps and its per-interval sum rows, each one
 * value, so that its page and findings read a bounded amount however long the run is. Written in the import's
 * transaction for runs of more than {@value #CHART_POINTS} rows; a long run stored before packs existed gets them
 * the first time its chart is drawn ({@link #build}). Short runs have none: their rows are read as they are.
 */
@Repository
class IntervalPacks {
    /** What the run page asks for a series, and what the chart pack keeps of each. */
    static final int CHART_POINTS = 2000;
    static final String CHART = "chart";
    static final String SUMS = "sums";

    private final JdbcTemplate jdbc;

    IntervalPacks(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    static boolean packed(int rowCount) {
        return rowCount > CHART_POINTS;
    }

    /** Every row of the run in order; nothing for a short run. Joins the caller's transaction. */
    void write(long runId, List<IntervalRow> rows) {
        if (!packed(rows.size())) {
            return;
        }
        insert(runId, CHART, IntervalDownsampling.of(rows, CHART_POINTS));
        insert(runId, SUMS, rows.stream().filter(row -> "sum".equals(row.stream())).toList());
    }

    /**
     * The packs of a long run stored before they existed, from its rows; another request building them at the same
     * time is no error (the first one's stay).
     */
    List<IntervalRow> build(long runId, List<IntervalRow> rows) {
        try {
            write(runId, rows);
        } catch (DataIntegrityViolationException builtMeanwhile) {
            // the same rows, packed by the other request
        }
        return IntervalDownsampling.of(rows, CHART_POINTS);
    }

    Optional<List<IntervalRow>> chart(long runId) {
        return jdbc.query("SELECT data FROM run_interval_pack WHERE run_id = ? AND kind = ?",
                (rs, n) -> PackedIntervals.unpack(rs.getBytes("data")), runId, CHART).stream().findFirst();
    }

    /** The sum rows of those runs that have a pack, by run id. */
    Map<Long, List<IntervalRow>> sums(Collection<Long> runIds) {
        Map<Long, List<IntervalRow>> sums = new HashMap<>();
        List<Long> ids = new ArrayList<>(runIds);
        for (int from = 0; from < ids.size(); from += 200) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + 200));
            String marks = String.join(",", java.util.Collections.nCopies(chunk.size(), "?"));
            List<Object> arguments = new ArrayList<>(chunk);
            arguments.add(SUMS);
            jdbc.query("SELECT run_id, data FROM run_interval_pack WHERE run_id IN (" + marks + ") AND kind = ?",
                    rs -> {
                        sums.put(rs.getLong("run_id"), PackedIntervals.unpack(rs.getBytes("data")));
                    }, arguments.toArray());
        }
        return sums;
    }

    private void insert(long runId, String kind, List<IntervalRow> rows) {
        jdbc.update("INSERT INTO run_interval_pack (run_id, kind, row_count, data) VALUES (?, ?, ?, ?)", runId, kind,
                rows.size(), PackedIntervals.pack(rows));
    }
}
