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

    /** One stream's end figures as one side measured them. */
    record StreamResult(int id, long bytes, long packets, long errors, long outOfOrder, double jitterSeconds,
                        long omittedPackets, long omittedErrors, double endTime) {
    }

    /** What the peer sent: its CPU use and its figures of each stream, by stream id. */
    record Peer(double cpuTotal, double cpuUser, double cpuSystem, Map<Integer, StreamResult> streams) {
    }

    /** This side's end figures of a stream: counters now minus the omit baseline. */
    static StreamResult local(DataStream stream, StreamCounters.Snapshot baseline, double seconds) {
        StreamCounters.Snapshot now = stream.counters.snapshot(stream.sending);
        StreamCounters.Snapshot after = now.minus(baseline);
        return new StreamResult(stream.id, after.bytes(), after.packets(), after.lost(), after.outOfOrder(),
                now.jitterSeconds(), baseline.packets(), baseline.lost(), seconds);
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
            byId.put(id, new StreamResult(id, required(s, "bytes"), required(s, "packets"), required(s, "errors"), 0,
                    decimal(s, "jitter", true), optional(s, "omitted_packets"), optional(s, "omitted_errors"),
                    decimal(s, "end_time", false)));
        }
        return new Peer(decimal(json, "cpu_util_total", true), decimal(json, "cpu_util_user", true),
                decimal(json, "cpu_util_system", true), byId);
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
