package com.burstline.server.latency;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The stored figures' names ({@code run_latency_figure.figure}) and what the API derives from them, once: each set's
 * lost share, and the loaded ÷ idle ratios of the median and the 99th percentile.
 */
final class LatencyFigures {
    static final String IDLE = "idle";
    static final String LOADED = "loaded";
    static final String TRANSACTIONS = "transactions";
    static final String UPLOAD_RISE = "upload-rise";
    static final String DOWNLOAD_RISE = "download-rise";

    private LatencyFigures() {
    }

    static RunLatency.Figures figures(ResultSet rs) throws SQLException {
        long answered = rs.getLong("answered");
        long lost = rs.getLong("lost");
        long sent = answered + lost;
        return new RunLatency.Figures(answered, lost, sent == 0 ? null : 100.0 * lost / sent, number(rs, "min_ms"),
                number(rs, "p50_ms"), number(rs, "p90_ms"), number(rs, "p99_ms"), number(rs, "p999_ms"),
                number(rs, "max_ms"), number(rs, "mean_ms"));
    }

    static RunLatency view(long runId, ResultSet rs, Map<String, RunLatency.Figures> figures,
                           List<RunLatency.Sample> samples) throws SQLException {
        RunLatency.Figures idle = figures.get(IDLE);
        RunLatency.Figures loaded = figures.get(LOADED);
        Double rate = number(rs, "rate_per_second");
        return new RunLatency(runId, rs.getString("kind"), rs.getString("source"), rs.getString("protocol"),
                rs.getInt("message_bytes"), rs.getInt("flows"), rate, number(rs, "idle_seconds"),
                number(rs, "timeout_ms"), number(rs, "measured_seconds"), LatencyStore.probeBytesPerSecond(rate),
                idle, loaded, figures.get(TRANSACTIONS), figures.get(UPLOAD_RISE), figures.get(DOWNLOAD_RISE),
                ratio(loaded == null ? null : loaded.p50Ms(), idle == null ? null : idle.p50Ms()),
                ratio(loaded == null ? null : loaded.p99Ms(), idle == null ? null : idle.p99Ms()),
                number(rs, "transactions_per_second"), number(rs, "client_cpu_percent"),
                number(rs, "server_cpu_percent"), samples);
    }

    /** Loaded over idle; null when either is unknown or idle is 0. */
    static Double ratio(Double loaded, Double idle) {
        return loaded == null || idle == null || idle <= 0 ? null : loaded / idle;
    }

    private static Double number(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }
}
