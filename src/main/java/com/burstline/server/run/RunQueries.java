package com.burstline.server.run;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Map;

/** Reads and deletes runs. The newest upload comes first. */
@Service
public class RunQueries {
    public static final int MAX_PAGE_SIZE = 500;

    /** Enough choices for a datalist; a store with more distinct values than this is typed into. */
    static final int MAX_KNOWN_VALUES = 200;

    private final RunRepository runs;
    private final RunSummaries summaries;
    private final IntervalBatchReader intervals;
    private final RawOutputStore rawOutputs;
    private final JdbcClient jdbc;
    private final RunMetrics runMetrics;
    private final HostDropsStore drops;
    private final RunNotes notes;

    RunQueries(RunRepository runs, RunSummaries summaries, IntervalBatchReader intervals, RawOutputStore rawOutputs,
               JdbcClient jdbc, RunMetrics runMetrics, HostDropsStore drops, RunNotes notes) {
        this.drops = drops;
        this.notes = notes;
        this.runs = runs;
        this.summaries = summaries;
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
        return jdbc.sql("SELECT DISTINCT " + column + " FROM " + table + " WHERE " + column + " IS NOT NULL ORDER BY "
                + column + " FETCH FIRST " + MAX_KNOWN_VALUES + " ROWS ONLY").query(String.class).list();
    }

    /**
     * The drivers measured between this SUT and peer (as a job names its agents: exactly, so that the pair's index
     * answers a job page that asks every few seconds), the most recently measured first, each once; complete runs
     * only. At most {@code max}.
     */
    @Transactional(readOnly = true)
    public List<String> recentDriversOnPair(String sut, String peer, int max) {
        return recentDrivers("sut = :sut AND peer = :peer", max, Map.of("sut", sut, "peer", peer));
    }

    /** As {@link #recentDriversOnPair}, over every run labelled with this instance type. */
    @Transactional(readOnly = true)
    public List<String> recentDriversOfType(String instanceType, int max) {
        return recentDrivers("instance_type = :type", max, Map.of("type", instanceType));
    }

    /** {@code where} is one of this class's constants, never user input; the values are bound. */
    private List<String> recentDrivers(String where, int max, Map<String, Object> values) {
        return jdbc.sql("SELECT driver FROM run WHERE driver IS NOT NULL AND status = :complete AND " + where
                        + " GROUP BY driver ORDER BY MAX(COALESCE(started_at, uploaded_at)) DESC, MAX(id) DESC"
                        + " FETCH FIRST " + max + " ROWS ONLY")
                .param("complete", RunStatus.COMPLETE.apiName()).params(values).query(String.class).list();
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
        return new RunPage(summaries.of(found.getContent()), new RunPage.PageInfo(found.getSize(),
                found.getNumber(), found.getTotalElements(), found.getTotalPages()));
    }

    @Transactional(readOnly = true)
    public RunSummary get(long id) {
        return runs.findById(id).map(summaries::of).orElseThrow(() -> new RunNotFoundException(id));
    }

    /** These runs, complete or partial, in id order (a job's, for its page); ids no run has are left out. */
    @Transactional(readOnly = true)
    public List<RunSummary> byIds(java.util.Collection<Long> ids) {
        return summaries.of(runs.findAllById(ids).stream().sorted(java.util.Comparator.comparing(Run::getId))
                .toList());
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
            if (run.partial()) {
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

    /**
     * @param side   {@code sender}, {@code receiver}, or null for what arrived (see {@link IntervalSides})
     * @param stream one stream's rows ({@code sum}, or iperf3's socket number), or null for all
     */
    @Transactional(readOnly = true)
    public List<IntervalRow> intervals(long id, String side, String stream) {
        requireExists(id);
        return ofStream(IntervalSides.of(intervals.all(id), side), stream);
    }

    /**
     * What a chart draws: each series thinned to at most {@code maxPoints} rows ({@link IntervalDownsampling}),
     * read within a bound for a long run ({@link IntervalPacks}). Outside a transaction: a long run stored before
     * packs gets them here, and a second request doing the same at once must not spoil this one's reads.
     *
     * @param side   {@code sender}, {@code receiver}, or null for what arrived (see {@link IntervalSides})
     * @param stream one stream's rows, or null for all
     */
    public List<IntervalRow> chartIntervals(long id, String side, String stream, int maxPoints) {
        IntervalDownsampling.check(maxPoints);
        List<IntervalRow> rows = intervals.forChart(id, maxPoints).orElseThrow(() -> new RunNotFoundException(id));
        return IntervalDownsampling.of(ofStream(IntervalSides.of(rows, side), stream), maxPoints);
    }

    private static List<IntervalRow> ofStream(List<IntervalRow> rows, String stream) {
        return stream == null ? rows : rows.stream().filter(row -> stream.equals(row.sample().stream())).toList();
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
