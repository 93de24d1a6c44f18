package com.burstline.server.run;

import com.burstline.iperf.IntervalSample;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Marks iperf3's closing sliver: the last interval of a line (one stream or the sum, one direction, one side) when it
 * is shorter than half the one before, with 3 or more measured intervals (5.00–5.001 s after 1 s intervals). A rate
 * over so short a time is how the test ended, not what the link carried, so the findings and the charts leave it out;
 * the API keeps it, marked, and this is the one place the rule is written.
 */
public final class ClosingIntervals {
    private ClosingIntervals() {
    }

    /** The same rows in the same order, the closing ones with {@code closing} set. */
    public static List<IntervalRow> mark(List<IntervalRow> rows) {
        Set<IntervalRow> closing = closingRows(rows);
        if (closing.isEmpty()) {
            return rows;
        }
        List<IntervalRow> marked = new ArrayList<>(rows.size());
        for (IntervalRow row : rows) {
            marked.add(closing.contains(row) ? row.asClosing() : row);
        }
        return marked;
    }

    private static Set<IntervalRow> closingRows(List<IntervalRow> rows) {
        Map<String, List<IntervalRow>> lines = new LinkedHashMap<>();
        for (IntervalRow row : rows) {
            if (!row.sample().omitted()) {
                lines.computeIfAbsent(row.line(),
                        key -> new ArrayList<>()).add(row);
            }
        }
        return lines.values().stream().filter(ClosingIntervals::endsInASliver).map(line -> line.get(line.size() - 1))
                .collect(Collectors.toCollection(() -> Collections.newSetFromMap(new IdentityHashMap<>())));
    }

    private static boolean endsInASliver(List<IntervalRow> line) {
        if (line.size() < 3) {
            return false;
        }
        IntervalSample last = line.get(line.size() - 1).sample();
        IntervalSample before = line.get(line.size() - 2).sample();
        return last.end() - last.start() < (before.end() - before.start()) / 2;
    }
}
