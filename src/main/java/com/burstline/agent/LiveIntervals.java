package com.burstline.agent;

import java.util.Map;

/**
 * One interval of iperf3's {@code -J} shape (iperf3's own {@code --json-stream} events and the engine's intervals
 * alike) as live figures: the sum across streams, and for a bidir run the reverse direction apart in
 * {@code sum_bidir_reverse} — the client's {@code sum} is then its upload — so the two directions are seen apart.
 */
final class LiveIntervals {
    private LiveIntervals() {
    }

    /** Passes the interval's sums on; an interval of another shape passes nothing (live figures are a preview). */
    @SuppressWarnings("unchecked")
    static void forward(Map<String, Object> interval, MeasurementTool.LiveListener live) {
        try {
            Map<String, Object> reverse = (Map<String, Object>) interval.get("sum_bidir_reverse");
            forwardSum((Map<String, Object>) interval.get("sum"), reverse == null ? null : "upload", live);
            if (reverse != null) {
                forwardSum(reverse, "download", live);
            }
        } catch (RuntimeException unexpectedShape) {
            // the full output still goes to the server
        }
    }

    private static void forwardSum(Map<String, Object> sum, String direction, MeasurementTool.LiveListener live) {
        live.interval(((Number) sum.get("start")).doubleValue(), ((Number) sum.get("end")).doubleValue(),
                ((Number) sum.get("bits_per_second")).doubleValue(), direction);
    }
}
