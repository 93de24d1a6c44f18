package com.burstline.server.run;

import com.burstline.iperf.IntervalSample;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;

/**
 * Interval rows go in and out by plain JDBC: a run has hundreds to thousands of them, and batch inserts keep the
 * import close to what the database itself can take (see the upload benchmark). They join the caller's transaction.
 */
@Repository
class IntervalStore {
    private static final int BATCH_SIZE = 500;
    private static final String INSERT = """
            INSERT INTO run_interval (run_id, seq, interval_index, start_seconds, end_seconds, stream, direction,
                side, bytes, bits_per_second, retransmits, rtt_micros, cwnd_bytes, jitter_ms, lost_packets, packets,
                omitted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String SELECT = """
            SELECT interval_index, start_seconds, end_seconds, stream, direction, side, bytes, bits_per_second,
                retransmits, rtt_micros, cwnd_bytes, jitter_ms, lost_packets, packets, omitted
            FROM run_interval WHERE run_id = ? ORDER BY seq""";

    private final JdbcTemplate jdbc;
    private final IntervalPacks packs;

    IntervalStore(JdbcTemplate jdbc, IntervalPacks packs) {
        this.jdbc = jdbc;
        this.packs = packs;
    }

    /** The rows, and a long run's packs with them ({@link IntervalPacks}). */
    void insert(long runId, List<IntervalSample> samples) {
        int[] seq = {0};
        jdbc.batchUpdate(INSERT, samples, BATCH_SIZE, (statement, sample) -> bind(statement, runId, seq[0]++, sample));
        if (IntervalPacks.packed(samples.size())) {
            packs.write(runId, samples.stream().map(IntervalStore::stored).toList());
        }
    }

    /** The row as it is stored and read back. */
    private static IntervalRow stored(IntervalSample sample) {
        return new IntervalRow(sample.index(), sample.start(), sample.end(), sample.stream(),
                sample.direction().apiName(), sample.side().apiName(), sample.bytes(), sample.bitsPerSecond(),
                sample.retransmits(), sample.rttMicros(), sample.cwndBytes(), sample.jitterMs(), sample.lostPackets(),
                sample.packets(), sample.omitted(), false);
    }

    List<IntervalRow> findByRun(long runId) {
        return ClosingIntervals.mark(jdbc.query(SELECT, IntervalStore::row, runId));
    }

    /**
     * What a chart of at most {@code maxPoints} a series thins ({@link IntervalDownsampling}), marked: a long run's
     * chart pack when the chart asks for no more than it keeps (built now for a run stored before packs), else every
     * row. One read when the pack is there. Empty when there is no such run.
     */
    Optional<List<IntervalRow>> forChart(long runId, int maxPoints) {
        IntervalPacks.ChartSource source = packs.chart(runId);
        if (source.rowCount() == null) {
            return Optional.empty();
        }
        if (!IntervalPacks.packed(source.rowCount()) || maxPoints > IntervalPacks.CHART_POINTS) {
            return Optional.of(findByRun(runId));
        }
        return Optional.of(ClosingIntervals.mark(source.kept()
                .orElseGet(() -> packs.build(runId, jdbc.query(SELECT, IntervalStore::row, runId)))));
    }

    private static void bind(PreparedStatement statement, long runId, int seq, IntervalSample sample)
            throws SQLException {
        statement.setLong(1, runId);
        statement.setInt(2, seq);
        statement.setInt(3, sample.index());
        statement.setDouble(4, sample.start());
        statement.setDouble(5, sample.end());
        statement.setString(6, sample.stream());
        statement.setString(7, sample.direction().apiName());
        statement.setString(8, sample.side().apiName());
        statement.setLong(9, sample.bytes());
        statement.setDouble(10, sample.bitsPerSecond());
        statement.setObject(11, sample.retransmits(), Types.BIGINT);
        statement.setObject(12, sample.rttMicros(), Types.BIGINT);
        statement.setObject(13, sample.cwndBytes(), Types.BIGINT);
        statement.setObject(14, sample.jitterMs(), Types.DOUBLE);
        statement.setObject(15, sample.lostPackets(), Types.BIGINT);
        statement.setObject(16, sample.packets(), Types.BIGINT);
        statement.setBoolean(17, sample.omitted());
    }

    private static IntervalRow row(ResultSet rs, int rowNumber) throws SQLException {
        return new IntervalRow(
                rs.getInt("interval_index"),
                rs.getDouble("start_seconds"),
                rs.getDouble("end_seconds"),
                rs.getString("stream"),
                rs.getString("direction"),
                rs.getString("side"),
                rs.getLong("bytes"),
                rs.getDouble("bits_per_second"),
                rs.getObject("retransmits", Long.class),
                rs.getObject("rtt_micros", Long.class),
                rs.getObject("cwnd_bytes", Long.class),
                rs.getObject("jitter_ms", Double.class),
                rs.getObject("lost_packets", Long.class),
                rs.getObject("packets", Long.class),
                rs.getBoolean("omitted"),
                false);
    }
}
