package com.burstline.bench;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3Result;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * What storing an upload costs the database alone: every row an upload leaves (a run row with metadata like the
 * uploads', its tag, the raw bytes, the interval rows), by plain JDBC, one transaction per result,
 * into the same tables and indexes. No HTTP, no parsing, no checks: beside {@link JdbcBaseline} (the interval rows
 * only) it says how much of the gap between the service and that limit is the schema's and how much the service's.
 * Written here rather than borrowed from the service's writers, so that the limit does not move when they do.
 */
final class JdbcWholeUpload {
    private static final int BATCH_SIZE = 500;
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
            PreparedStatement run = connection.prepareStatement(BenchRuns.RUN, new String[] {"id"});
            PreparedStatement tag = connection.prepareStatement(TAG);
            PreparedStatement raw = connection.prepareStatement(RAW);
            PreparedStatement intervals = connection.prepareStatement(INTERVAL);
            return new Parallel.Worker() {
                @Override
                public void handle(int item) throws SQLException {
                    // Unique per row and never a real SHA-256, so it cannot collide with the uploads' own runs.
                    long id = BenchRuns.insertRun(run, String.format("jdbc-whole-%053d", first + item),
                            results.get(item), "bench-sut", null, results.get(item).startedAt(), 1);
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
