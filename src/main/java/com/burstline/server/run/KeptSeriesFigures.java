package com.burstline.server.run;

import com.burstline.contract.Scenario;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link SeriesFigures} of runs: a long run's ({@link LongRuns}) as kept in {@code run_series_figures}, written
 * in its import's transaction, so that its credits and findings never decode and change-point every interval again;
 * a short run's made from its sum rows on read, as cheap as reading them. A long run without figures of the current
 * {@link SeriesFigures#VERSION} (stored before, or under an older rule) gets them the first time they are asked for.
 */
@Repository
class KeptSeriesFigures {
    private static final int CHUNK = 200;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final IntervalBatchReader intervals;
    private final JsonMapper json = JsonMapper.builder().build();

    KeptSeriesFigures(JdbcTemplate jdbc, PlatformTransactionManager transactions, IntervalBatchReader intervals) {
        this.jdbc = jdbc;
        // Summaries are read in read-only transactions: figures made there are kept in one of their own.
        this.transaction = new TransactionTemplate(transactions);
        this.transaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.intervals = intervals;
    }

    /** Which run, what it ran (its direction picks the series) and how many rows it has (long or not). */
    record Subject(long runId, Scenario scenario, int intervalCount) {
    }

    /** Each run's figures, by run id. */
    Map<Long, SeriesFigures> of(Collection<Subject> runs) {
        Map<Long, SeriesFigures> figures = kept(runs.stream().filter(run -> LongRuns.isLong(run.intervalCount()))
                .map(Subject::runId).toList());
        List<Subject> missing = runs.stream().filter(run -> !figures.containsKey(run.runId())).toList();
        Map<Long, List<IntervalRow>> sums = intervals.sums(missing.stream().map(Subject::runId).toList());
        for (Subject run : missing) {
            SeriesFigures made = SeriesFigures.of(Series.of(run.scenario(),
                    IntervalSides.received(sums.get(run.runId()))));
            figures.put(run.runId(), made);
            if (LongRuns.isLong(run.intervalCount())) {
                keep(run.runId(), made);
            }
        }
        return figures;
    }

    /** A long run's figures in its import's transaction, which no one else can see yet. */
    void insert(long runId, SeriesFigures figures) {
        jdbc.update("INSERT INTO run_series_figures (run_id, version, figures) VALUES (?, ?, ?)", runId,
                SeriesFigures.VERSION, json.writeValueAsString(figures));
    }

    private Map<Long, SeriesFigures> kept(List<Long> runIds) {
        Map<Long, SeriesFigures> kept = new HashMap<>();
        for (int from = 0; from < runIds.size(); from += CHUNK) {
            List<Object> arguments = new ArrayList<>(runIds.subList(from, Math.min(runIds.size(), from + CHUNK)));
            String marks = String.join(",", Collections.nCopies(arguments.size(), "?"));
            arguments.add(SeriesFigures.VERSION);
            jdbc.query("SELECT run_id, figures FROM run_series_figures WHERE run_id IN (" + marks + ") AND version = ?",
                    rs -> {
                        kept.put(rs.getLong("run_id"), json.readValue(rs.getString("figures"), SeriesFigures.class));
                    }, arguments.toArray());
        }
        return kept;
    }

    /** In place of older figures; a second request keeping the same at once is no error. */
    private void keep(long runId, SeriesFigures figures) {
        try {
            transaction.executeWithoutResult(status -> {
                jdbc.update("DELETE FROM run_series_figures WHERE run_id = ?", runId);
                insert(runId, figures);
            });
        } catch (DataIntegrityViolationException keptMeanwhile) {
            // the same figures, kept by the other request (or the run was deleted meanwhile)
        }
    }
}
