package com.burstline.engine;

import com.burstline.contract.BuildVersion;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The {@code start} object of iperf3's {@code -J} output, and the engine's name and version in it. */
final class StartObject {
    static final String TOOL = "burstline-java";
    private static final String VERSION = TOOL + " " + BuildVersion.get();
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private StartObject() {
    }

    /** {@code burstline-java 0.1.0}: the version of the build this engine came from. */
    static String version() {
        return VERSION;
    }

    static Map<String, Object> start(TestRun run, String cookie, InetSocketAddress peer, double interval) {
        Map<String, Object> start = new LinkedHashMap<>();
        List<Object> connected = new ArrayList<>();
        for (DataStream stream : run.streams) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("socket", stream.id);
            c.put("local_host", host(stream.local));
            c.put("local_port", stream.local == null ? 0 : stream.local.getPort());
            c.put("remote_host", host(stream.remote));
            c.put("remote_port", stream.remote == null ? 0 : stream.remote.getPort());
            connected.add(c);
        }
        start.put("connected", connected);
        start.put("version", version());
        start.put("system_info", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch") + " Java " + System.getProperty("java.version"));
        Instant now = Instant.now();
        start.put("timestamp", Map.of("time", HTTP_DATE.format(now), "timesecs", now.getEpochSecond(),
                "timemillisecs", now.toEpochMilli()));
        start.put(run.client ? "connecting_to" : "accepted_connection",
                Map.of("host", host(peer), "port", peer.getPort()));
        start.put("cookie", cookie);
        TestParams p = run.params;
        start.put("target_bitrate", p.bandwidth());
        start.put("sock_bufsize", p.window());
        start.put("test_start", testStart(p, interval));
        return start;
    }

    private static Map<String, Object> testStart(TestParams p, double interval) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("protocol", p.protocolName());
        t.put("num_streams", p.parallel());
        t.put("blksize", p.len());
        t.put("omit", p.omit());
        t.put("duration", p.time());
        t.put("bytes", p.bytes());
        t.put("blocks", p.blocks());
        t.put("reverse", p.reverse() ? 1 : 0);
        t.put("tos", 0);
        t.put("target_bitrate", p.bandwidth());
        t.put("bidir", p.bidirectional() ? 1 : 0);
        t.put("fqrate", 0);
        t.put("interval", interval);
        return t;
    }

    static String host(InetSocketAddress address) {
        if (address == null) {
            return "";
        }
        return address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress();
    }
}
