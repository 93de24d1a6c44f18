package com.burstline.server.run;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A long run's packs ({@code run_interval_pack}): the rows its chart keeps and its per-interval sum rows, each one
 * value, so that its page and findings read a bounded amount however long the run is. Written in the import's
 * transaction for {@link LongRuns}; a long run stored before packs existed (or whose
 * packs are of an older format) gets them the first time its chart is drawn ({@link #build}). Short runs have none:
 * their rows are read as they are.
 */
@Repository
class IntervalPacks {
    /** The most a chart asks for a series that the chart pack serves, and what it keeps of each. */
    static final int CHART_POINTS = 2000;
    static final String CHART = "chart";
    static final String SUMS = "sums";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;

    IntervalPacks(JdbcTemplate jdbc, TransactionTemplate transaction) {
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    static boolean packed(int rowCount) {
        return LongRuns.isLong(rowCount);
    }

    /** Every row of the run in order; nothing for a short run. Joins the caller's transaction. */
    void write(long runId, List<IntervalRow> rows) {
        if (!packed(rows.size())) {
            return;
        }
        insert(runId, CHART, IntervalDownsampling.of(rows, CHART_POINTS));
        insert(runId, SUMS, rows.stream().filter(row -> row.sample().isSum()).toList());
    }

    /**
     * The packs of a long run that has none of this format, from its rows, in place of any older ones; another
     * request building them at the same time is no error (the first one's stay).
     *
     * @return what the chart pack keeps
     */
    List<IntervalRow> build(long runId, List<IntervalRow> rows) {
        try {
            transaction.executeWithoutResult(status -> {
                jdbc.update("DELETE FROM run_interval_pack WHERE run_id = ?", runId);
                write(runId, rows);
            });
        } catch (DataIntegrityViolationException builtMeanwhile) {
            // the same rows, packed by the other request
        }
        return IntervalDownsampling.of(rows, CHART_POINTS);
    }

    /**
     * What a chart of the run needs, in one read: its row count and its chart pack.
     *
     * @param rowCount null when there is no such run
     * @param kept     the chart pack's rows; empty for a short run, and for a long one whose pack is still to build
     */
    record ChartSource(Integer rowCount, Optional<List<IntervalRow>> kept) {
    }

    ChartSource chart(long runId) {
        return jdbc.query("SELECT r.interval_count, p.data FROM run r LEFT JOIN run_interval_pack p "
                        + "ON p.run_id = r.id AND p.kind = ? WHERE r.id = ?",
                (rs, n) -> {
                    byte[] data = rs.getBytes("data");
                    return new ChartSource(rs.getInt("interval_count"),
                            data == null ? Optional.empty() : PackedIntervals.unpack(data));
                }, CHART, runId).stream().findFirst().orElse(new ChartSource(null, Optional.empty()));
    }

    /** The sum rows of those runs that have a pack of this format, by run id. */
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
                        long runId = rs.getLong("run_id");
                        PackedIntervals.unpack(rs.getBytes("data")).ifPresent(rows -> sums.put(runId, rows));
                    }, arguments.toArray());
        }
        return sums;
    }

    private void insert(long runId, String kind, List<IntervalRow> rows) {
        jdbc.update("INSERT INTO run_interval_pack (run_id, kind, row_count, data) VALUES (?, ?, ?, ?)", runId, kind,
                rows.size(), PackedIntervals.pack(rows));
    }
}
