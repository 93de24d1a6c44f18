package com.burstline.server.latency;

import com.burstline.contract.LatencyProbeSpec;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencyStats;
import com.burstline.contract.LatencySummary;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's latency figures in their own tables (V50), written once with the run (in its transaction: the caller's),
 * read for the API. Plain JDBC with batch inserts, as the run's own interval rows are written: a latency report may
 * hold an hour of samples.
 */
@Repository
public class LatencyStore implements RunLatencies {
    /** The figures came with the agent's result. */
    public static final String FROM_RESULT = "result";
    /** The result never came: the figures are the live samples that arrived while the scenario ran. */
    public static final String FROM_LIVE_SAMPLES = "live-samples";
    private static final int BATCH_SIZE = 500;
    private static final String STATS = "answered, lost, min_ms, p50_ms, p90_ms, p99_ms, p999_ms, max_ms, mean_ms";

    private final JdbcTemplate jdbc;

    LatencyStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores the report as the run's latency; a run that has some already keeps them. */
    public void insert(long runId, LatencyReport report, String source) {
        Integer existing = jdbc.queryForObject("SELECT COUNT(*) FROM run_latency WHERE run_id = ?", Integer.class,
                runId);
        if (existing != null && existing > 0) {
            return;
        }
        LatencySummary s = report.summary();
        jdbc.update("INSERT INTO run_latency (run_id, kind, source, protocol, message_bytes, flows, rate_per_second, "
                        + "idle_seconds, timeout_ms, measured_seconds, transactions_per_second, client_cpu_percent, "
                        + "server_cpu_percent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", runId, s.kind(), source,
                s.protocol(), s.messageBytes(), s.flows(), s.ratePerSecond(), s.idleSeconds(), s.timeoutMs(),
                s.measuredSeconds(), s.transactionsPerSecond(), s.clientCpuPercent(), s.serverCpuPercent());
        Map<String, LatencyStats> figures = new LinkedHashMap<>();
        figures.put(LatencyFigures.IDLE, s.idle());
        figures.put(LatencyFigures.LOADED, s.loaded());
        figures.put(LatencyFigures.TRANSACTIONS, s.transactions());
        figures.put(LatencyFigures.UPLOAD_RISE, s.uploadRise());
        figures.put(LatencyFigures.DOWNLOAD_RISE, s.downloadRise());
        figures.forEach((figure, stats) -> {
            if (stats != null) {
                jdbc.update("INSERT INTO run_latency_figure (run_id, figure, " + STATS
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values(runId, figure, stats));
            }
        });
        int[] seq = {0};
        jdbc.batchUpdate("INSERT INTO run_latency_sample (run_id, seq, start_seconds, end_seconds, phase, " + STATS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", report.samples(), BATCH_SIZE,
                (statement, sample) -> bind(statement, runId, seq[0]++, sample));
    }

    private static void bind(PreparedStatement statement, long runId, int seq, LatencySample sample)
            throws SQLException {
        LatencyStats stats = sample.roundTrip();
        statement.setLong(1, runId);
        statement.setInt(2, seq);
        statement.setDouble(3, sample.start());
        statement.setDouble(4, sample.end());
        statement.setString(5, sample.phase());
        statement.setLong(6, stats.answered());
        statement.setLong(7, stats.lost());
        Double[] ms = {stats.minMs(), stats.p50Ms(), stats.p90Ms(), stats.p99Ms(), stats.p999Ms(), stats.maxMs(),
                       stats.meanMs()};
        for (int i = 0; i < ms.length; i++) {
            statement.setObject(8 + i, ms[i], Types.DOUBLE);
        }
    }

    /** The run's latency; empty when it has none. */
    public Optional<RunLatency> find(long runId) {
        List<RunLatency> found = jdbc.query("SELECT * FROM run_latency WHERE run_id = ?",
                (rs, row) -> LatencyFigures.view(runId, rs, figures(runId), samples(runId)), runId);
        return found.stream().findFirst();
    }

    /** Two queries a chunk of runs, not three a run. */
    @Override
    public Map<Long, RunLatency> summaries(Collection<Long> runIds) {
        Map<Long, RunLatency> found = new HashMap<>();
        List<Long> ids = List.copyOf(runIds);
        for (int from = 0; from < ids.size(); from += BATCH_SIZE) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + BATCH_SIZE));
            String in = String.join(",", Collections.nCopies(chunk.size(), "?"));
            Map<Long, Map<String, RunLatency.Figures>> figures = new HashMap<>();
            jdbc.query("SELECT run_id, figure, " + STATS + " FROM run_latency_figure WHERE run_id IN (" + in + ")",
                    rs -> {
                        figures.computeIfAbsent(rs.getLong("run_id"), id -> new LinkedHashMap<>())
                                .put(rs.getString("figure"), LatencyFigures.figures(rs));
                    }, chunk.toArray());
            jdbc.query("SELECT * FROM run_latency WHERE run_id IN (" + in + ")", rs -> {
                long runId = rs.getLong("run_id");
                found.put(runId, LatencyFigures.view(runId, rs, figures.getOrDefault(runId, Map.of()), List.of()));
            }, chunk.toArray());
        }
        return found;
    }

    private Map<String, RunLatency.Figures> figures(long runId) {
        Map<String, RunLatency.Figures> figures = new LinkedHashMap<>();
        jdbc.query("SELECT figure, " + STATS + " FROM run_latency_figure WHERE run_id = ?", rs -> {
            figures.put(rs.getString("figure"), LatencyFigures.figures(rs));
        }, runId);
        return figures;
    }

    private List<RunLatency.Sample> samples(long runId) {
        return jdbc.query("SELECT start_seconds, end_seconds, phase, " + STATS
                + " FROM run_latency_sample WHERE run_id = ? ORDER BY seq", (rs, row) -> sample(rs), runId);
    }

    private static RunLatency.Sample sample(ResultSet rs) throws SQLException {
        RunLatency.Figures f = LatencyFigures.figures(rs);
        return new RunLatency.Sample(rs.getDouble("start_seconds"), rs.getDouble("end_seconds"),
                rs.getString("phase"), f.answered(), f.lost(), f.minMs(), f.p50Ms(), f.p90Ms(), f.p99Ms(),
                f.p999Ms(), f.maxMs(), f.meanMs());
    }

    private static Object[] values(long runId, String figure, LatencyStats stats) {
        return new Object[] {runId, figure, stats.answered(), stats.lost(), stats.minMs(), stats.p50Ms(),
                             stats.p90Ms(), stats.p99Ms(), stats.p999Ms(), stats.maxMs(), stats.meanMs()};
    }

    /** The probe's own traffic each way: its requests a second, each its payload and IPv4 and UDP headers. */
    static Double probeBytesPerSecond(Double ratePerSecond) {
        return ratePerSecond == null ? null : ratePerSecond * (LatencyProbeSpec.DATAGRAM_BYTES + 28);
    }
}
