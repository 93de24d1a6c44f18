package com.burstline.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code end} object of iperf3's {@code -J} output (reference §7.3): each stream as its sender and its receiver
 * measured it (one side's figures are this host's, the other's came in the results exchange), the sums, and CPU.
 */
final class EndSummary {
    private final TestRun run;
    private final Map<Integer, Results.StreamResult> local;
    private final Results.Peer peer;

    EndSummary(TestRun run, Map<Integer, Results.StreamResult> local, Results.Peer peer) {
        this.run = run;
        this.local = local;
        this.peer = peer;
    }

    Map<String, Object> build(Cpu.Usage cpu) {
        Map<String, Object> end = new LinkedHashMap<>();
        List<Object> streams = new ArrayList<>();
        Side forward = new Side();
        Side reverse = new Side();
        for (DataStream stream : run.streams) {
            Results.StreamResult mine = local.get(stream.id);
            Results.StreamResult theirs = peer.of(mine);
            Results.StreamResult sent = stream.sending ? mine : theirs;
            Results.StreamResult received = stream.sending ? theirs : mine;
            streams.add(run.params.udp() ? Map.of("udp", udpRow(stream, sent, received))
                    : tcpStream(stream, sent, received));
            (isForward(stream) ? forward : reverse).add(sent, received);
        }
        end.put("streams", streams);
        boolean sends = forwardSends();
        forward.put(end, "", sends, run.params.udp());
        if (run.params.bidirectional()) {
            reverse.put(end, "_bidir_reverse", !sends, run.params.udp());
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("host_total", cpu.total());
        c.put("host_user", cpu.user());
        c.put("host_system", cpu.system());
        c.put("remote_total", peer.cpuTotal());
        c.put("remote_user", peer.cpuUser());
        c.put("remote_system", peer.cpuSystem());
        end.put("cpu_utilization_percent", c);
        return end;
    }

    private Map<String, Object> tcpStream(DataStream stream, Results.StreamResult sent,
                                          Results.StreamResult received) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("sender", Rows.row(stream.id, 0, sent.endTime(), figures(sent, sent), false, stream.sending, null));
        s.put("receiver", Rows.row(stream.id, 0, received.endTime(), figures(received, received), false,
                stream.sending, null));
        return s;
    }

    /** A UDP stream's row: the sender's bytes and packets with the receiver's loss, jitter and order. */
    private Map<String, Object> udpRow(DataStream stream, Results.StreamResult sent, Results.StreamResult received) {
        Map<String, Object> row = Rows.row(stream.id, 0, sent.endTime(), figures(sent, received), true, false, null);
        row.put("out_of_order", received.outOfOrder());
        row.put("sender", stream.sending);
        return row;
    }

    /** Bytes and packets from {@code bytes}; loss and jitter from the receiver; each after the omit period. */
    private static Rows.Figures figures(Results.StreamResult bytes, Results.StreamResult received) {
        return new Rows.Figures(bytes.bytes(), bytes.countedPackets(), received.countedErrors(),
                received.outOfOrder(), received.jitterSeconds());
    }

    private boolean isForward(DataStream stream) {
        return !run.params.bidirectional() || stream.sending == run.client;
    }

    private boolean forwardSends() {
        return run.params.bidirectional() ? run.client : run.client != run.params.reverse();
    }

    /** The sums of one direction: {@code sum_sent}, {@code sum_received} and, for UDP, {@code sum}. */
    private static final class Side {
        private final List<Rows.Figures> sent = new ArrayList<>();
        private final List<Rows.Figures> received = new ArrayList<>();
        private final List<Rows.Figures> combined = new ArrayList<>();
        private double sentEnd;
        private double receivedEnd;

        void add(Results.StreamResult s, Results.StreamResult r) {
            sent.add(new Rows.Figures(s.bytes(), s.countedPackets(), 0, 0, 0));
            received.add(new Rows.Figures(r.bytes(), s.countedPackets(), r.countedErrors(), r.outOfOrder(),
                    r.jitterSeconds()));
            combined.add(figures(s, r));
            sentEnd = Math.max(sentEnd, s.endTime());
            receivedEnd = Math.max(receivedEnd, r.endTime());
        }

        void put(Map<String, Object> end, String suffix, boolean sends, boolean udp) {
            if (udp) {
                Map<String, Object> sum = Rows.row(null, 0, receivedEnd, Rows.Figures.sum(combined), true, false,
                        null);
                sum.put("sender", sends);
                end.put("sum" + suffix, sum);
            }
            Map<String, Object> s = Rows.row(null, 0, sentEnd, Rows.Figures.sum(sent), udp, false, null);
            if (udp) {
                s.put("jitter_ms", 0);
                s.put("lost_packets", 0);
                s.put("lost_percent", 0);
            }
            s.put("sender", sends);
            end.put("sum_sent" + suffix, s);
            Map<String, Object> r = Rows.row(null, 0, receivedEnd, Rows.Figures.sum(received), udp, false, null);
            r.put("sender", sends);
            end.put("sum_received" + suffix, r);
        }
    }
}
