package com.burstline.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The results exchange (reference §5): this side's figures out, the peer's in. */
final class Results {
    private Results() {
    }

    /**
     * One stream's end figures as one side measured them, as iperf3 exchanges them: {@code bytes} and
     * {@code outOfOrder} count from the end of the omit period, while {@code packets} and {@code errors} are running
     * totals from the start of the test, with the counts at the end of the omit period beside them. iperf3 (3.12 and
     * 3.18 alike) subtracts the omitted counts from what it receives, so figures sent already net of the omit period
     * were taken off twice at a stock peer.
     */
    record StreamResult(int id, long bytes, long packets, long errors, long outOfOrder, double jitterSeconds,
                        long omittedPackets, long omittedErrors, double endTime) {

        /** Packets after the omit period: the sender's datagrams, or the receiver's highest packet number. */
        long countedPackets() {
            return packets - omittedPackets;
        }

        /** Datagrams lost after the omit period (a receiver's figure). */
        long countedErrors() {
            return errors - omittedErrors;
        }

        /** The same figures with other omit baselines. */
        StreamResult withOmitted(long packetsOmitted, long errorsOmitted) {
            return new StreamResult(id, bytes, packets, errors, outOfOrder, jitterSeconds, packetsOmitted,
                    errorsOmitted, endTime);
        }
    }

    /**
     * What the peer sent: its CPU use and its figures of each stream, by stream id. {@code omitBaselines} is false
     * when the peer sent no {@code omitted_packets} and {@code omitted_errors} (iperf3 before 3.14);
     * {@code serverOutput} holds a server's own report ({@code server_output_json} or {@code _text}) when the client
     * asked for it.
     */
    record Peer(double cpuTotal, double cpuUser, double cpuSystem, Map<Integer, StreamResult> streams,
                boolean omitBaselines, Map<String, Object> serverOutput) {

        /**
         * The peer's figures of {@code mine}'s stream. Without baselines of its own, the peer's running totals are
         * netted with this side's counts at the end of the omit period, as iperf3 3.12 does with a peer's figures.
         */
        StreamResult of(StreamResult mine) {
            StreamResult theirs = streams.get(mine.id());
            if (theirs == null) {
                throw new EngineException("the peer's results have no figures for stream " + mine.id());
            }
            return omitBaselines ? theirs : theirs.withOmitted(mine.omittedPackets(), mine.omittedErrors());
        }
    }

    /** This side's end figures of each stream, by stream id, in the test's order. */
    static Map<Integer, StreamResult> local(TestRun run, Reporter reporter) {
        Map<Integer, StreamResult> local = new LinkedHashMap<>();
        double seconds = run.elapsedSeconds();
        for (DataStream stream : run.streams) {
            StreamCounters.Snapshot baseline = reporter.baseline(stream);
            StreamCounters.Snapshot now = stream.counters.snapshot(stream.sending);
            StreamCounters.Snapshot after = now.minus(baseline);
            local.put(stream.id, new StreamResult(stream.id, after.bytes(), now.packets(), now.lost(),
                    after.outOfOrder(), now.jitterSeconds(), baseline.packets(), baseline.lost(), seconds));
        }
        return local;
    }

    static Map<String, Object> toJson(List<DataStream> streams, List<StreamResult> results, Cpu.Usage cpu) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("cpu_util_total", cpu.total());
        json.put("cpu_util_user", cpu.user());
        json.put("cpu_util_system", cpu.system());
        boolean sends = streams.stream().anyMatch(s -> s.sending);
        json.put("sender_has_retransmits", sends ? 0 : -1);
        List<Object> list = new ArrayList<>();
        for (StreamResult r : results) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("id", r.id());
            s.put("bytes", r.bytes());
            s.put("retransmits", -1);
            s.put("jitter", r.jitterSeconds());
            s.put("errors", r.errors());
            s.put("omitted_errors", r.omittedErrors());
            s.put("packets", r.packets());
            s.put("omitted_packets", r.omittedPackets());
            s.put("start_time", 0);
            s.put("end_time", r.endTime());
            list.add(s);
        }
        json.put("streams", list);
        return json;
    }

    /** Reads the peer's results, requiring what iperf3 requires; an unknown stream id is an error as in iperf3. */
    static Peer fromJson(Map<String, Object> json, List<DataStream> streams) {
        Map<Integer, StreamResult> byId = new HashMap<>();
        boolean omitBaselines = true;
        if (!(json.get("streams") instanceof List<?> list)) {
            throw new EngineException("the peer's results have no streams list");
        }
        for (Object element : list) {
            if (!(element instanceof Map<?, ?> s)) {
                throw new EngineException("the peer's results list a stream that is not an object");
            }
            int id = (int) required(s, "id");
            if (streams.stream().noneMatch(d -> d.id == id)) {
                throw new EngineException("the peer's results name stream " + id + ", which this test does not have");
            }
            required(s, "retransmits");
            boolean packetsOmitted = s.get("omitted_packets") instanceof Number;
            if (packetsOmitted != s.get("omitted_errors") instanceof Number) {
                // iperf3 3.14 and later refuse this too (IERECVRESULTS)
                throw new EngineException("the peer's results give only one of omitted_packets and omitted_errors");
            }
            omitBaselines &= packetsOmitted;
            byId.put(id, new StreamResult(id, required(s, "bytes"), required(s, "packets"), required(s, "errors"), 0,
                    decimal(s, "jitter", true), optional(s, "omitted_packets"), optional(s, "omitted_errors"),
                    decimal(s, "end_time", false)));
        }
        Map<String, Object> serverOutput = new LinkedHashMap<>();
        if (json.get("server_output_json") instanceof Map<?, ?> report) {
            serverOutput.put("server_output_json", report);
        }
        if (json.get("server_output_text") instanceof String report) {
            serverOutput.put("server_output_text", report);
        }
        return new Peer(decimal(json, "cpu_util_total", true), decimal(json, "cpu_util_user", true),
                decimal(json, "cpu_util_system", true), byId, omitBaselines, serverOutput);
    }

    /** 3.12/3.13 print -1 as 18446744073709551615 (reference §8.1): the long value wraps it back. */
    private static long required(Map<?, ?> json, String key) {
        if (!(json.get(key) instanceof Number n)) {
            throw new EngineException("the peer's results lack the number " + key);
        }
        return n.longValue();
    }

    private static long optional(Map<?, ?> json, String key) {
        return json.get(key) instanceof Number n ? n.longValue() : 0;
    }

    private static double decimal(Map<?, ?> json, String key, boolean required) {
        if (json.get(key) instanceof Number n) {
            return n.doubleValue();
        }
        if (required) {
            throw new EngineException("the peer's results lack the number " + key);
        }
        return 0;
    }
}
