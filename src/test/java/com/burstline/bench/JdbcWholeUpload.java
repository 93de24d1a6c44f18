package com.burstline.bench;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3Result;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;

/**
 * What storing an upload costs the database alone: every row an upload leaves (the run row with the metadata the
 * benchmark's uploads give, its tag, the raw bytes, the interval rows), by plain JDBC, one transaction per result,
 * into the same tables and indexes. No HTTP, no parsing, no checks: beside {@link JdbcBaseline} (the interval rows
 * only) it says how much of the gap between the service and that limit is the schema's and how much the service's.
 * Written here rather than borrowed from the service's writers, so that the limit does not move when they do.
 */
final class JdbcWholeUpload {
    private static final int BATCH_SIZE = 500;
    private static final String RUN = """
            INSERT INTO run (content_sha256, uploaded_at, sut, peer, instance_type, tool, tool_version, output_format,
                started_at, protocol, direction, streams, duration_seconds, omit_seconds, target_bps, sent_bps,
                received_bps, retransmits, jitter_ms, lost_percent, host_cpu_percent, remote_cpu_percent,
                burst_limit_bps, baseline_bps, interval_count)
            VALUES (?, ?, 'bench-a', 'bench-b', 't4g.large', 'iperf3', ?, 'json', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                ?, 5e9, 512e6, ?)""";
    private static final String TAG = "INSERT INTO run_tag (run_id, tag) VALUES (?, 'bench')";
    private static final String RAW = "INSERT INTO run_raw (run_id, media_type, content) VALUES (?, ?, ?)";
    private static final String INTERVAL = """
            INSERT INTO run_interval (run_id, seq, interval_index, start_seconds, end_seconds, stream, direction,
                bytes, bits_per_second, retransmits, rtt_micros, cwnd_bytes, jitter_ms, lost_packets, packets, omitted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

    private final DataSource dataSource;
    private int made;

    JdbcWholeUpload(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** @return wall-clock nanoseconds for storing every upload, each in its own transaction, on {@code threads} */
    long insert(List<Corpus.Upload> uploads, List<Iperf3Result> results, int threads) throws Exception {
        int first = made;
        made += uploads.size();
        return Parallel.run(uploads.size(), threads, () -> {
            Connection connection = dataSource.getConnection();
            connection.setAutoCommit(false);
            PreparedStatement run = connection.prepareStatement(RUN, new String[] {"id"});
            PreparedStatement tag = connection.prepareStatement(TAG);
            PreparedStatement raw = connection.prepareStatement(RAW);
            PreparedStatement intervals = connection.prepareStatement(INTERVAL);
            return new Parallel.Worker() {
                @Override
                public void handle(int item) throws SQLException {
                    long id = insertRun(run, first + item, results.get(item));
                    tag.setLong(1, id);
                    tag.executeUpdate();
                    raw.setLong(1, id);
                    raw.setString(2, uploads.get(item).mediaType());
                    raw.setBytes(3, uploads.get(item).content());
                    raw.executeUpdate();
                    insertRows(intervals, id, results.get(item).intervals());
                    connection.commit();
                }

                @Override
                public void close() throws SQLException {
                    for (PreparedStatement statement : List.of(run, tag, raw, intervals)) {
                        statement.close();
                    }
                    connection.close();
                }
            };
        });
    }

    private static long insertRun(PreparedStatement run, int number, Iperf3Result result) throws SQLException {
        // Unique per row and never a real SHA-256, so it cannot collide with the uploads' own runs.
        run.setString(1, String.format("jdbc-whole-%053d", number));
        run.setTimestamp(2, Timestamp.from(Instant.now()));
        run.setString(3, result.toolVersion());
        run.setTimestamp(4, result.startedAt() == null ? null : Timestamp.from(result.startedAt()));
        run.setString(5, result.protocol().name());
        run.setString(6, result.direction().apiName());
        run.setInt(7, result.streams());
        run.setInt(8, result.durationSeconds());
        run.setInt(9, result.omitSeconds());
        run.setObject(10, result.targetBitsPerSecond(), Types.BIGINT);
        run.setDouble(11, result.sentBitsPerSecond());
        run.setDouble(12, result.receivedBitsPerSecond());
        run.setObject(13, result.retransmits(), Types.BIGINT);
        run.setObject(14, result.jitterMs(), Types.DOUBLE);
        run.setObject(15, result.lostPercent(), Types.DOUBLE);
        run.setObject(16, result.hostCpuPercent(), Types.DOUBLE);
        run.setObject(17, result.remoteCpuPercent(), Types.DOUBLE);
        run.setInt(18, result.intervals().size());
        run.executeUpdate();
        try (ResultSet keys = run.getGeneratedKeys()) {
            keys.next();
            return keys.getLong(1);
        }
    }

    private static void insertRows(PreparedStatement statement, long runId, List<IntervalSample> rows)
            throws SQLException {
        for (int seq = 0; seq < rows.size(); seq++) {
            BenchRuns.bind(statement, runId, seq, rows.get(seq), 0, 0);
            statement.addBatch();
            if ((seq + 1) % BATCH_SIZE == 0) {
                statement.executeBatch();
            }
        }
        statement.executeBatch();
    }
}
