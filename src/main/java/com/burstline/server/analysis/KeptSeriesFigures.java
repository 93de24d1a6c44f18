package com.burstline.server.analysis;

import com.burstline.server.run.IntervalRow;
import com.burstline.server.run.LongRuns;
import com.burstline.server.run.RunImported;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link SeriesFigures} of runs: a long run's ({@link LongRuns}) as kept in {@code run_series_figures}, made when
 * the run is stored, so that its findings never decode and change-point every interval again; a short run's made
 * from its sum rows on read, as cheap as reading them. A long run without figures of the current
 * {@link SeriesFigures#VERSION} (stored before, or under an older rule) gets them the first time they are asked for.
 */
@Repository
class KeptSeriesFigures {
    private static final Logger log = LoggerFactory.getLogger(KeptSeriesFigures.class);
    private static final int CHUNK = 200;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final RunSelections selections;
    private final RunQueries queries;
    private final JsonMapper json = JsonMapper.builder().build();

    KeptSeriesFigures(JdbcTemplate jdbc, TransactionTemplate transaction, RunSelections selections,
                      RunQueries queries) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.selections = selections;
        this.queries = queries;
    }

    /** Each complete run's figures, by run id; partial runs have none (no findings are drawn from them). */
    Map<Long, SeriesFigures> of(Collection<RunSummary> runs) {
        List<RunSummary> complete = runs.stream().filter(run -> !run.partial()).toList();
        Map<Long, SeriesFigures> figures = kept(complete.stream().filter(run -> LongRuns.isLong(run.intervalCount()))
                .map(RunSummary::id).toList());
        List<RunSummary> missing = complete.stream().filter(run -> !figures.containsKey(run.id())).toList();
        Map<Long, List<IntervalRow>> sums = selections.sumRows(missing.stream().map(RunSummary::id).toList());
        for (RunSummary run : missing) {
            SeriesFigures made = SeriesFigures.of(Series.of(run, sums.get(run.id())));
            figures.put(run.id(), made);
            if (LongRuns.isLong(run.intervalCount())) {
                keep(run.id(), made);
            }
        }
        return figures;
    }

    /** A long run just stored: its figures now, so that its first findings read them too. */
    @EventListener
    void imported(RunImported imported) {
        if (!LongRuns.isLong(imported.intervalCount())) {
            return;
        }
        try {
            of(List.of(queries.get(imported.runId())));
        } catch (RuntimeException e) {
            // The run is stored and answered for: its figures are made when its findings are first read instead.
            log.warn("Could not keep the series figures of run {} ({}); its findings make them", imported.runId(),
                    e.getMessage());
        }
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
                jdbc.update("INSERT INTO run_series_figures (run_id, version, figures) VALUES (?, ?, ?)", runId,
                        SeriesFigures.VERSION, json.writeValueAsString(figures));
            });
        } catch (DataIntegrityViolationException keptMeanwhile) {
            // the same figures, kept by the other request (or the run was deleted meanwhile)
        }
    }
}
