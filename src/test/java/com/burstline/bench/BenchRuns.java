package com.burstline.bench;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Result;
import com.burstline.iperf.Samples;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Fills the database fast for the compare benchmark: plain JDBC batch inserts, not uploads (the upload path has its own
 * benchmark). Each run is one of the real iperf3 outputs in src/test/resources/iperf3 with its own summary figures;
 * its interval rows are the output's real rows, repeated back to back (times shifted) until the run has at least
 * {@value #MIN_ROWS} rows, so that 10,000 runs hold over a million rows as a day of 100-second runs would.
 */
final class BenchRuns {
    static final int MIN_ROWS = 100;
    /** A run row with the metadata the benchmarks' uploads give; {@link #insertRun} fills it. */
    static final String RUN = """
            INSERT INTO run (content_sha256, uploaded_at, sut, peer, instance_type, driver, tool, tool_version,
                output_format, started_at, protocol, direction, streams, duration_seconds, omit_seconds, target_bps,
                sent_bps, received_bps, retransmits, jitter_ms, lost_percent, host_cpu_percent, remote_cpu_percent,
                burst_limit_bps, baseline_bps, interval_count)
            VALUES (?, ?, ?, ?, 't4g.large', ?, 'iperf3', ?, 'json', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 5e9,
                512e6, ?)""";
    private static final String TAG = "INSERT INTO run_tag (run_id, tag) VALUES (?, ?)";
    private static final String INTERVAL = """
            INSERT INTO run_interval (run_id, seq, interval_index, start_seconds, end_seconds, stream, direction,
                bytes, bits_per_second, retransmits, rtt_micros, cwnd_bytes, jitter_ms, lost_packets, packets, omitted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

    private final List<Iperf3Result> results;
    private long rows;

    BenchRuns() {
        Iperf3OutputParser parser = new Iperf3OutputParser();
        results = Samples.benchmarkRuns().stream().map(name -> parser.parse(Samples.bytes(name)))
                .filter(result -> !"bidir".equals(result.scenario().direction().apiName())).toList();
    }

    long rowsInserted() {
        return rows;
    }

    /** Inserts {@code count} runs with the given driver and tag; committed every 100 runs. */
    void insert(DataSource dataSource, int count, String driver, String tag) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement run = connection.prepareStatement(RUN, new String[]{"id"});
             PreparedStatement tags = connection.prepareStatement(TAG);
             PreparedStatement intervals = connection.prepareStatement(INTERVAL)) {
            connection.setAutoCommit(false);
            for (int i = 0; i < count; i++) {
                Iperf3Result result = results.get(i % results.size());
                long id = insertRun(run, result, driver);
                tags.setLong(1, id);
                tags.setString(2, tag);
                tags.executeUpdate();
                insertIntervals(intervals, id, result.intervals());
                if (i % 100 == 99) {
                    connection.commit();
                }
            }
            connection.commit();
        }
    }

    /**
     * Inserts {@code count} runs of one pair ({@code sut} → bench-peer) and one scenario, TCP 1 stream upload, an
     * hour apart from {@code from}: a trend's history. The first half are the real iperf3 3.18 runs (~4.37 Gbit/s),
     * the second half the real 3.12 run (~4.78 Gbit/s) under another driver, so the series has one real level change
     * for the change-point search to find and test.
     */
    void insertSeries(DataSource dataSource, int count, String sut, Instant from) throws SQLException {
        List<Iperf3Result> slower = scenario("iperf3-318-tcp-1-upload");
        List<Iperf3Result> faster = scenario("iperf3-312-tcp-1-upload");
        try (Connection connection = dataSource.getConnection();
             PreparedStatement run = connection.prepareStatement(RUN, new String[]{"id"});
             PreparedStatement intervals = connection.prepareStatement(INTERVAL)) {
            connection.setAutoCommit(false);
            for (int i = 0; i < count; i++) {
                boolean secondHalf = i >= count / 2;
                List<Iperf3Result> pool = secondHalf ? faster : slower;
                Iperf3Result result = pool.get(i % pool.size());
                long id = insertRun(run, result, secondHalf ? "bench-2.3.0" : "bench-2.2.1", sut,
                        from.plusSeconds(3600L * i));
                insertIntervals(intervals, id, result.intervals());
                if (i % 100 == 99) {
                    connection.commit();
                }
            }
            connection.commit();
        }
    }

    private static List<Iperf3Result> scenario(String prefix) {
        Iperf3OutputParser parser = new Iperf3OutputParser();
        return Samples.benchmarkRuns().stream().filter(name -> name.startsWith(prefix))
                .map(name -> parser.parse(Samples.bytes(name))).toList();
    }

    private long insertRun(PreparedStatement run, Iperf3Result result, String driver) throws SQLException {
        return insertRun(run, result, driver, "bench-sut", result.startedAt());
    }

    private long insertRun(PreparedStatement run, Iperf3Result result, String driver, String sut, Instant startedAt)
            throws SQLException {
        return insertRun(run, UUID.randomUUID().toString().replace("-", ""), result, sut, driver, startedAt,
                repeats(result.intervals()));
    }

    /**
     * Inserts one run row of {@link #RUN} with the result's own summary figures (duration and interval count
     * {@code repeats} times over, for a run made longer) and gives its id.
     */
    static long insertRun(PreparedStatement run, String contentSha256, Iperf3Result result, String sut, String driver,
                          Instant startedAt, int repeats) throws SQLException {
        run.setString(1, contentSha256);
        run.setTimestamp(2, Timestamp.from(Instant.now()));
        run.setString(3, sut);
        run.setString(4, "bench-peer");
        run.setString(5, driver);
        run.setString(6, result.toolVersion());
        run.setTimestamp(7, startedAt == null ? null : Timestamp.from(startedAt));
        run.setString(8, result.scenario().protocol().name());
        run.setString(9, result.scenario().direction().apiName());
        run.setInt(10, result.scenario().streams());
        run.setInt(11, result.scenario().durationSeconds() * repeats);
        run.setInt(12, result.scenario().omitSeconds());
        run.setObject(13, result.scenario().targetBitsPerSecond(), Types.BIGINT);
        run.setDouble(14, result.measured().sentBitsPerSecond());
        run.setDouble(15, result.measured().receivedBitsPerSecond());
        run.setObject(16, result.measured().retransmits(), Types.BIGINT);
        run.setObject(17, result.measured().jitterMs(), Types.DOUBLE);
        run.setObject(18, result.measured().lostPercent(), Types.DOUBLE);
        run.setObject(19, result.measured().hostCpuPercent(), Types.DOUBLE);
        run.setObject(20, result.measured().remoteCpuPercent(), Types.DOUBLE);
        run.setInt(21, result.intervals().size() * repeats);
        run.executeUpdate();
        try (ResultSet keys = run.getGeneratedKeys()) {
            keys.next();
            return keys.getLong(1);
        }
    }

    private void insertIntervals(PreparedStatement statement, long runId, List<IntervalSample> samples)
            throws SQLException {
        int repeats = repeats(samples);
        double length = samples.get(samples.size() - 1).end();
        int intervalsPerRepeat = samples.get(samples.size() - 1).interval() + 1;
        int seq = 0;
        for (int r = 0; r < repeats; r++) {
            for (IntervalSample sample : samples) {
                bind(statement, runId, seq++, sample, r * intervalsPerRepeat, r * length);
                statement.addBatch();
            }
        }
        statement.executeBatch();
        rows += seq;
    }

    /** One run_interval row, as IntervalStore writes it; the shifts make a repeated sample a longer run. */
    static void bind(PreparedStatement statement, long runId, int seq, IntervalSample sample, int indexShift,
                             double timeShift) throws SQLException {
        statement.setLong(1, runId);
        statement.setInt(2, seq);
        statement.setInt(3, sample.interval() + indexShift);
        statement.setDouble(4, sample.start() + timeShift);
        statement.setDouble(5, sample.end() + timeShift);
        statement.setString(6, sample.stream());
        statement.setString(7, sample.direction().apiName());
        statement.setLong(8, sample.bytes());
        statement.setDouble(9, sample.bitsPerSecond());
        statement.setObject(10, sample.retransmits(), Types.BIGINT);
        statement.setObject(11, sample.rttMicros(), Types.BIGINT);
        statement.setObject(12, sample.cwndBytes(), Types.BIGINT);
        statement.setObject(13, sample.jitterMs(), Types.DOUBLE);
        statement.setObject(14, sample.lostPackets(), Types.BIGINT);
        statement.setObject(15, sample.packets(), Types.BIGINT);
        statement.setBoolean(16, sample.omitted());
    }

    private static int repeats(List<IntervalSample> samples) {
        return Math.max(1, (MIN_ROWS + samples.size() - 1) / samples.size());
    }
}
