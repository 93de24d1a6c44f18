package com.burstline.server.run;

import com.burstline.iperf.IntervalSample;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Interval rows go in by plain JDBC ({@link IntervalBatchReader} reads them): a run has hundreds to thousands of them, and batch inserts keep the
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
            packs.write(runId, samples.stream().map(sample -> new IntervalRow(sample, false)).toList());
        }
    }

    private static void bind(PreparedStatement statement, long runId, int seq, IntervalSample sample)
            throws SQLException {
        statement.setLong(1, runId);
        statement.setInt(2, seq);
        statement.setInt(3, sample.interval());
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
}
