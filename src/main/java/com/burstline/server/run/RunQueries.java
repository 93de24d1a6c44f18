package com.burstline.server.run;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;

/** Reads and deletes runs. The newest upload comes first. */
@Service
public class RunQueries {
    public static final int MAX_PAGE_SIZE = 500;

    /** Enough choices for a datalist; a store with more distinct values than this is typed into. */
    static final int MAX_KNOWN_VALUES = 200;

    private final RunRepository runs;
    private final IntervalStore intervals;
    private final RawOutputStore rawOutputs;
    private final JdbcTemplate jdbc;
    private final RunMetrics runMetrics;
    private final HostDropsStore drops;
    private final RunNotes notes;

    RunQueries(RunRepository runs, IntervalStore intervals, RawOutputStore rawOutputs, JdbcTemplate jdbc,
               RunMetrics runMetrics, HostDropsStore drops, RunNotes notes) {
        this.drops = drops;
        this.notes = notes;
        this.runs = runs;
        this.intervals = intervals;
        this.rawOutputs = rawOutputs;
        this.jdbc = jdbc;
        this.runMetrics = runMetrics;
    }

    @Transactional(readOnly = true)
    public KnownValues knownValues() {
        return new KnownValues(distinct("run", "sut"), distinct("run", "peer"), distinct("run", "driver"),
                distinct("run", "instance_type"), distinct("run_tag", "tag"));
    }

    /** Table and column are constants of this class, never user input. */
    private List<String> distinct(String table, String column) {
        return jdbc.queryForList("SELECT DISTINCT " + column + " FROM " + table + " WHERE " + column
                + " IS NOT NULL ORDER BY " + column + " FETCH FIRST " + MAX_KNOWN_VALUES + " ROWS ONLY", String.class);
    }

    @Transactional(readOnly = true)
    public RunPage list(RunFilter filter, int page, int size) {
        if (page < 0) {
            throw new InvalidRunInputException("page must be 0 or more, not " + page);
        }
        if (size < 1 || size > MAX_PAGE_SIZE) {
            throw new InvalidRunInputException("size must be between 1 and " + MAX_PAGE_SIZE + ", not " + size);
        }
        if ((long) page * size > Integer.MAX_VALUE) {
            throw new InvalidRunInputException("page " + page + " of " + size + " runs starts beyond the "
                    + Integer.MAX_VALUE + "th run, which no database here can hold; ask for a lower page (the "
                    + "answer's page.totalPages says how many there are).");
        }
        Page<Run> found = runs.findAll(RunSpecifications.matching(filter),
                PageRequest.of(page, size, Sort.by(Sort.Direction.DESC, "id")));
        return new RunPage(found.map(Run::toSummary).getContent(), new RunPage.PageInfo(found.getSize(),
                found.getNumber(), found.getTotalElements(), found.getTotalPages()));
    }

    @Transactional(readOnly = true)
    public RunSummary get(long id) {
        return runs.findById(id).map(Run::toSummary).orElseThrow(() -> new RunNotFoundException(id));
    }

    /** The run with what its import marked impossible in the output ({@link RunNote}). */
    @Transactional(readOnly = true)
    public RunView view(RunSummary run) {
        return new RunView(run, notes(run.id()));
    }

    /** What the import marked impossible in the run's output; empty for most runs. */
    @Transactional(readOnly = true)
    public List<RunNote> notes(long id) {
        return notes.find(id);
    }

    /** Which of these runs are partial (see {@link RunStatus}), e.g. for a job page's scenario links. */
    @Transactional(readOnly = true)
    public java.util.Set<Long> partialAmong(java.util.Collection<Long> ids) {
        java.util.Set<Long> partial = new java.util.HashSet<>();
        runs.findAllById(ids).forEach(run -> {
            if (run.toSummary().partial()) {
                partial.add(run.getId());
            }
        });
        return partial;
    }

    /** The agent's record around the run. */
    @Transactional(readOnly = true)
    public RunEnvironment environment(long id) {
        return runs.findById(id).map(run -> RunEnvironment.of(run,
                        drops.find(List.of(id)).getOrDefault(id, java.util.Map.of())))
                .orElseThrow(() -> new RunNotFoundException(id));
    }

    /** @param side {@code sender}, {@code receiver}, or null for what arrived (see {@link IntervalSides}) */
    @Transactional(readOnly = true)
    public List<IntervalRow> intervals(long id, String side) {
        requireExists(id);
        return IntervalSides.of(intervals.findByRun(id), side);
    }

    @Transactional(readOnly = true)
    public RawOutput raw(long id) {
        requireExists(id);
        return rawOutputs.find(id).orElseThrow(() -> new RunNotFoundException(id));
    }

    /** Deletes the run with its tags, raw bytes and intervals (the schema cascades). */
    @Transactional
    public void delete(long id) {
        Run run = runs.findById(id).orElseThrow(() -> new RunNotFoundException(id));
        runs.delete(run);
        runMetrics.reload();
    }

    private void requireExists(long id) {
        if (!runs.existsById(id)) {
            throw new RunNotFoundException(id);
        }
    }
}
