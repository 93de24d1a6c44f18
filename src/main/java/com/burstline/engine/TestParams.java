package com.burstline.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the client asks for: the parameters JSON of reference §3. {@code time} is in seconds (0 when {@code bytes} or
 * {@code blocks} ends the test), {@code bandwidth} in bit/s per stream (0 = unlimited), {@code window} 0 = system
 * default; {@code serverOutput} asks the server to send its own report back ({@code --get-server-output}).
 */
public record TestParams(
        boolean udp,
        int omit,
        int time,
        long bytes,
        long blocks,
        int parallel,
        boolean reverse,
        boolean bidirectional,
        int window,
        int len,
        long bandwidth,
        boolean udpCounters64,
        boolean serverOutput) {

    static final String CLIENT_VERSION = "3.12";

    public TestParams {
        check(omit >= 0 && omit <= 600, "omit must be 0 to 600 seconds");
        check(time >= 0 && time <= 86400, "time must be 0 to 86400 seconds");
        check(bytes >= 0 && blocks >= 0, "bytes and blocks must not be negative");
        check(parallel >= 1 && parallel <= Wire.MAX_STREAMS, "parallel must be 1 to 128 streams");
        check(window >= 0 && window <= 512 * 1024 * 1024, "window must be 0 to 512 MiB");
        check(bandwidth >= 0, "bandwidth must not be negative");
        check(!(reverse && bidirectional), "reverse and bidirectional exclude each other");
        if (udp) {
            check(len >= Wire.MIN_UDP_BLOCKSIZE && len <= Wire.MAX_UDP_BLOCKSIZE,
                    "the UDP block length must be 16 to 65507 bytes");
        } else {
            check(len > 0 && len <= Wire.MAX_BLOCKSIZE, "the TCP block length must be 1 byte to 1 MiB");
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new EngineException(message);
        }
    }

    /** Streams of one side's sending direction (both directions in bidirectional mode). */
    int totalStreams() {
        return bidirectional ? 2 * parallel : parallel;
    }

    String protocolName() {
        return udp ? "UDP" : "TCP";
    }

    /** The JSON the stock client sends; presence flags are left out when off (reference §8.3). */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put(udp ? "udp" : "tcp", true);
        json.put("omit", omit);
        json.put("time", time);
        json.put("num", bytes);
        json.put("blockcount", blocks);
        json.put("parallel", parallel);
        if (reverse) {
            json.put("reverse", true);
        }
        if (bidirectional) {
            json.put("bidirectional", true);
        }
        if (window > 0) {
            json.put("window", window);
        }
        json.put("len", len);
        if (bandwidth > 0) {
            json.put("bandwidth", bandwidth);
        }
        json.put("pacing_timer", 1000);
        if (udpCounters64) {
            json.put("udp_counters_64bit", 1);
        }
        if (serverOutput) {
            json.put("get_server_output", 1);
        }
        json.put("client_version", CLIENT_VERSION);
        return json;
    }

    /**
     * Reads the parameters as a 3.18 server does: unknown keys are ignored, a key of the wrong type counts as absent,
     * presence flags count whatever their value, numbers are read as iperf3's cJSON reads them (whole, saturating at
     * the type's limits), then the values are range-checked. An absent {@code bandwidth} is 0, unlimited: the stock
     * client leaves it out for {@code -b 0} and sends its 1 Mbit/s UDP default itself.
     */
    static TestParams fromJson(Map<String, Object> json) {
        boolean udp = json.containsKey("udp");
        if (!udp && !json.containsKey("tcp")) {
            throw new EngineException("the parameters name neither tcp nor udp; this engine measures TCP and UDP");
        }
        return new TestParams(udp,
                integer(json, "omit", 0),
                integer(json, "time", 10),
                number(json, "num", 0),
                number(json, "blockcount", 0),
                integer(json, "parallel", 1),
                json.containsKey("reverse"),
                json.containsKey("bidirectional"),
                integer(json, "window", 0),
                integer(json, "len", udp ? Wire.DEFAULT_UDP_BLKSIZE : Wire.DEFAULT_TCP_BLKSIZE),
                number(json, "bandwidth", 0),
                number(json, "udp_counters_64bit", 0) != 0,
                number(json, "get_server_output", 0) != 0);
    }

    /** An int parameter: 4294967297 streams saturate to too many, as in iperf3, rather than wrapping to 1. */
    private static int integer(Map<String, Object> json, String key, int absent) {
        long value = number(json, key, absent);
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }

    /** A number parameter, its fraction dropped as iperf3's {@code valueint} does; else the default. */
    private static long number(Map<String, Object> json, String key, long absent) {
        Object value = json.get(key);
        if (value instanceof Integer || value instanceof Long) {
            return ((Number) value).longValue();
        }
        // a fraction or a number past long's range: the cast truncates and saturates where longValue() would wrap
        return value instanceof Number number ? (long) number.doubleValue() : absent;
    }
}
