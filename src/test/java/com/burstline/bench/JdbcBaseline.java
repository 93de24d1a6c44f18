package com.burstline.bench;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3Result;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The database's own limit for the interval rows: the same rows, through plain JDBC batch inserts (batch 500, one
 * transaction per result, or K per transaction as a group commit across K clients would) into the same run_interval table
 * of the same database. Written here rather than borrowed from the service's IntervalStore, so the baseline does not
 * move when the service does.
 *
 * <p>Each result gets its own parent run row, like a real run, but those rows are made before the clock starts: only
 * the interval rows are timed, which makes this limit as high as plain JDBC can reach, not flattered by extra work.
 */
final class JdbcBaseline {
    private static final int BATCH_SIZE = 500;
    private static final String INSERT = """
            INSERT INTO run_interval (run_id, seq, interval_index, start_seconds, end_seconds, stream, direction,
                bytes, bits_per_second, retransmits, rtt_micros, cwnd_bytes, jitter_ms, lost_packets, packets, omitted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    /** Only the NOT NULL columns: the parent row exists for the foreign key, its figures do not matter here. */
    private static final String INSERT_PARENT = """
            INSERT INTO run (content_sha256, uploaded_at, tool, output_format, protocol, direction, streams,
                duration_seconds, omit_seconds, sent_bps, received_bps, interval_count)
            VALUES (?, CURRENT_TIMESTAMP, 'iperf3', 'json', 'TCP', 'upload', 1, 0, 0, 0, 0, ?)""";

    private final DataSource dataSource;
    private int parentsMade;

    JdbcBaseline(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * @param perCommit results per transaction: 1 commits each result on its own, as an upload without company
     *                  does; more is what a group commit across that many clients could give at best
     * @return wall-clock nanoseconds for inserting every result's interval rows
     */
    long insert(List<Iperf3Result> results, int threads, int perCommit) throws Exception {
        long[] parents = parentRows(results);
        int groups = (results.size() + perCommit - 1) / perCommit;
        return Parallel.run(groups, threads, () -> {
            Connection connection = dataSource.getConnection();
            connection.setAutoCommit(false);
            PreparedStatement statement = connection.prepareStatement(INSERT);
            return new Parallel.Worker() {
                @Override
                public void handle(int group) throws SQLException {
                    for (int item = group * perCommit; item < Math.min(results.size(), (group + 1) * perCommit);
                         item++) {
                        insertRows(statement, parents[item], results.get(item).intervals());
                    }
                    connection.commit();
                }

                @Override
                public void close() throws SQLException {
                    statement.close();
                    connection.close();
                }
            };
        });
    }

    private static void insertRows(PreparedStatement statement, long runId, List<IntervalSample> rows)
            throws SQLException {
        for (int seq = 0; seq < rows.size(); seq++) {
            bind(statement, runId, seq, rows.get(seq));
            statement.addBatch();
            if ((seq + 1) % BATCH_SIZE == 0) {
                statement.executeBatch();
            }
        }
        statement.executeBatch();
    }

    private long[] parentRows(List<Iperf3Result> results) throws SQLException {
        long[] ids = new long[results.size()];
        try (Connection connection = dataSource.getConnection();
             PreparedStatement parent = connection.prepareStatement(INSERT_PARENT, new String[] {"id"})) {
            for (int i = 0; i < ids.length; i++) {
                // Unique per row and never a real SHA-256, so it cannot collide with the uploads' own runs.
                parent.setString(1, String.format("jdbc-baseline-%050d", parentsMade++));
                parent.setInt(2, results.get(i).intervals().size());
                parent.executeUpdate();
                try (var keys = parent.getGeneratedKeys()) {
                    keys.next();
                    ids[i] = keys.getLong(1);
                }
            }
        }
        return ids;
    }

    private static void bind(PreparedStatement statement, long runId, int seq, IntervalSample sample)
            throws SQLException {
        BenchRuns.bind(statement, runId, seq, sample, 0, 0);
    }
}
