package com.burstline.server.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fewer interval rows for a chart of a long run, honestly: each series (a stream or the sum, per direction and side)
 * of more than {@code maxPoints} rows is cut into {@code maxPoints / 2} buckets of consecutive rows, and each bucket
 * keeps its slowest and its fastest row, in time order. Every row returned is one iperf3 reported, unchanged, and a
 * drop to 0 for one interval stays on the chart, where averaging would smooth it away. Series at or under the limit
 * are returned whole.
 */
final class IntervalDownsampling {
    static final int MIN_POINTS = 10;
    static final int MAX_POINTS = 100_000;

    private IntervalDownsampling() {
    }

    static List<IntervalRow> of(List<IntervalRow> rows, int maxPoints) {
        check(maxPoints);
        Map<String, List<IntervalRow>> series = new LinkedHashMap<>();
        for (IntervalRow row : rows) {
            series.computeIfAbsent(row.line(), key -> new ArrayList<>()).add(row);
        }
        Set<IntervalRow> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        series.values().forEach(one -> kept.addAll(one.size() <= maxPoints ? one : minMax(one, maxPoints / 2)));
        return rows.stream().filter(kept::contains).toList();
    }

    static void check(int maxPoints) {
        if (maxPoints < MIN_POINTS || maxPoints > MAX_POINTS) {
            throw new InvalidRunInputException("maxPoints must be between " + MIN_POINTS + " and " + MAX_POINTS
                    + ", not " + maxPoints);
        }
    }

    private static List<IntervalRow> minMax(List<IntervalRow> series, int buckets) {
        List<IntervalRow> kept = new ArrayList<>(buckets * 2);
        for (int bucket = 0; bucket < buckets; bucket++) {
            List<IntervalRow> rows = series.subList(bucket * series.size() / buckets,
                    (bucket + 1) * series.size() / buckets);
            IntervalRow slowest = rows.stream().min(Comparator.comparingDouble(row -> row.sample().bitsPerSecond()))
                    .orElseThrow();
            IntervalRow fastest = rows.stream().max(Comparator.comparingDouble(row -> row.sample().bitsPerSecond()))
                    .orElseThrow();
            if (slowest == fastest) {
                kept.add(slowest);
            } else {
                kept.add(slowest.sample().start() <= fastest.sample().start() ? slowest : fastest);
                kept.add(slowest.sample().start() <= fastest.sample().start() ? fastest : slowest);
            }
        }
        return kept;
    }
}
