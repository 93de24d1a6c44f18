package com.burstline.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The rows iperf3 writes for an interval or a summary: one stream's or a sum's bytes, rate and UDP figures. */
final class Rows {
    private Rows() {
    }

    /** One row; {@code socket} is null for sums. UDP receiver rows carry jitter and loss, UDP sender rows packets. */
    static Map<String, Object> row(Integer socket, double start, double end, Figures f, boolean udp,
                                   boolean sender, Boolean omitted) {
        Map<String, Object> row = new LinkedHashMap<>();
        if (socket != null) {
            row.put("socket", socket);
        }
        double seconds = end - start;
        row.put("start", start);
        row.put("end", end);
        row.put("seconds", seconds);
        row.put("bytes", f.bytes());
        row.put("bits_per_second", seconds > 0 ? f.bytes() * 8 / seconds : 0.0);
        if (udp && !sender) {
            row.put("jitter_ms", f.jitterSeconds() * 1000);
            row.put("lost_packets", f.lost());
            row.put("packets", f.packets());
            row.put("lost_percent", f.packets() > 0 ? 100.0 * f.lost() / f.packets() : 0.0);
        } else if (udp) {
            row.put("packets", f.packets());
        }
        if (omitted != null) {
            row.put("omitted", omitted);
        }
        row.put("sender", sender);
        return row;
    }

    /** The figures of a row. */
    record Figures(long bytes, long packets, long lost, long outOfOrder, double jitterSeconds) {
        static Figures of(StreamCounters.Snapshot s) {
            return new Figures(s.bytes(), s.packets(), s.lost(), s.outOfOrder(), s.jitterSeconds());
        }

        /** Sums bytes, packets and loss; jitter is the streams' mean, as iperf3 reports it. */
        static Figures sum(List<Figures> all) {
            long bytes = 0;
            long packets = 0;
            long lost = 0;
            long ooo = 0;
            double jitter = 0;
            for (Figures f : all) {
                bytes += f.bytes;
                packets += f.packets;
                lost += f.lost;
                ooo += f.outOfOrder;
                jitter += f.jitterSeconds;
            }
            return new Figures(bytes, packets, lost, ooo, all.isEmpty() ? 0 : jitter / all.size());
        }
    }
}
