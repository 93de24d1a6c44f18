package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Side;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Interval rows of many runs at once, by run id in chunks: each chunk is one query on the primary key's leading
 * column, so reading 100 runs costs the same whatever else the table holds.
 */
@Repository
class IntervalBatchReader {
    private static final int CHUNK = 200;
    private static final String COLUMNS = """
            SELECT run_id, interval_index, start_seconds, end_seconds, stream, direction, side, bytes, bits_per_second,
                retransmits, rtt_micros, cwnd_bytes, jitter_ms, lost_packets, packets, omitted
            FROM run_interval WHERE run_id IN (%s)%s ORDER BY run_id, seq""";

    private final JdbcTemplate jdbc;
    private final IntervalPacks packs;

    IntervalBatchReader(JdbcTemplate jdbc, IntervalPacks packs) {
        this.jdbc = jdbc;
        this.packs = packs;
    }

    /** Each run's sum rows: a long run's from its pack ({@link IntervalPacks}), the others' row by row. */
    Map<Long, List<IntervalRow>> sums(Collection<Long> runIds) {
        Map<Long, List<IntervalRow>> byRun = new LinkedHashMap<>();
        runIds.forEach(id -> byRun.put(id, new ArrayList<>()));
        Map<Long, List<IntervalRow>> packed = packs.sums(byRun.keySet());
        byRun.putAll(packed);
        List<Long> unpacked = byRun.keySet().stream().filter(id -> !packed.containsKey(id)).toList();
        read(unpacked, " AND stream = 'sum'", (runId, row) -> byRun.get(runId).add(row));
        byRun.replaceAll((id, rows) -> ClosingIntervals.mark(rows));
        return byRun;
    }

    void forEach(Collection<Long> runIds, BiConsumer<Long, IntervalRow> consumer) {
        read(runIds, "", consumer);
    }

    /** Every row of one run, in order, the closing sliver of each line marked. */
    List<IntervalRow> all(long runId) {
        return ClosingIntervals.mark(stored(runId));
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
            return Optional.of(all(runId));
        }
        return Optional.of(ClosingIntervals.mark(source.kept().orElseGet(() -> packs.build(runId, stored(runId)))));
    }

    /** Every row of one run as stored, in order, none marked. */
    private List<IntervalRow> stored(long runId) {
        List<IntervalRow> rows = new ArrayList<>();
        read(List.of(runId), "", (id, row) -> rows.add(row));
        return rows;
    }

    private void read(Collection<Long> runIds, String condition, BiConsumer<Long, IntervalRow> consumer) {
        List<Long> ids = runIds.stream().sorted().distinct().toList();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            String marks = String.join(",", java.util.Collections.nCopies(chunk.size(), "?"));
            jdbc.query(COLUMNS.formatted(marks, condition),
                    (ResultSet rs) -> consumer.accept(rs.getLong("run_id"), row(rs)), chunk.toArray());
        }
    }

    private static IntervalRow row(ResultSet rs) throws SQLException {
        return new IntervalRow(new IntervalSample(rs.getInt("interval_index"), rs.getDouble("start_seconds"),
                rs.getDouble("end_seconds"), rs.getString("stream"), Direction.fromApiName(rs.getString("direction")),
                Side.fromApiName(rs.getString("side")), rs.getLong("bytes"), rs.getDouble("bits_per_second"),
                rs.getObject("retransmits", Long.class), rs.getObject("rtt_micros", Long.class),
                rs.getObject("cwnd_bytes", Long.class), rs.getObject("jitter_ms", Double.class),
                rs.getObject("lost_packets", Long.class), rs.getObject("packets", Long.class),
                rs.getBoolean("omitted")), false);
    }
}
