package com.burstline.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * iperf3's human-readable output, written from the same events as {@code -J}. A server keeps a copy of what it wrote
 * for a client that asks for it ({@code server_output_text}), each test's starting with the engine's name and version.
 */
public final class TextOutput implements Output {
    private static final String RULE = "- - - - - - - - - - - - - - - - - - - - - - - - -";
    private final PrintStream out;
    private final ByteArrayOutputStream transcript = new ByteArrayOutputStream();
    private final boolean client;
    private boolean udp;

    public TextOutput(PrintStream out, boolean client) {
        this.out = client ? out : new PrintStream(new Tee(out, transcript), false, StandardCharsets.UTF_8);
        this.client = client;
    }

    @Override
    public void serverOutput(String key, Object report) {
        if ("server_output_text".equals(key)) {
            out.println();
            out.println("Server output:");
            out.print(report);
            out.flush();
        }
    }

    @Override
    public Map<String, Object> reportForClient() {
        out.flush();
        return Map.of("server_output_text", transcript.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void start(Map<String, Object> start) {
        Map<?, ?> peer = (Map<?, ?>) start.get(client ? "connecting_to" : "accepted_connection");
        if (!client) {
            // first, as iperf3 -V names itself: a client with --get-server-output can tell which program served it
            out.println(start.get("version"));
        }
        out.println(client ? "Connecting to host " + peer.get("host") + ", port " + peer.get("port")
                : "Accepted connection from " + peer.get("host") + ", port " + peer.get("port"));
        for (Object c : (List<?>) start.get("connected")) {
            Map<?, ?> m = (Map<?, ?>) c;
            out.printf("[%3s] local %s port %s connected to %s port %s%n", m.get("socket"), m.get("local_host"),
                    m.get("local_port"), m.get("remote_host"), m.get("remote_port"));
        }
        udp = "UDP".equals(((Map<?, ?>) start.get("test_start")).get("protocol"));
        out.println(header());
        out.flush();
    }

    /** iperf3's column header; UDP rows carry jitter and loss. */
    private String header() {
        return "[ ID] Interval           Transfer     Bitrate" + (udp ? "         Jitter    Lost/Total Datagrams" : "");
    }

    @Override
    public void interval(Map<String, Object> interval) {
        List<?> streams = (List<?>) interval.get("streams");
        // iperf3 marks the omit period's intervals so that nobody reads them as measured
        String omitted = Boolean.TRUE.equals(((Map<?, ?>) interval.get("sum")).get("omitted")) ? "  (omitted)" : "";
        for (Object s : streams) {
            line(String.format(Locale.ROOT, "%3s", ((Map<?, ?>) s).get("socket")), (Map<?, ?>) s, omitted);
        }
        if (streams.size() > 1) {
            line("SUM", (Map<?, ?>) interval.get("sum"), omitted);
            if (interval.containsKey("sum_bidir_reverse")) {
                line("SUM", (Map<?, ?>) interval.get("sum_bidir_reverse"), omitted);
            }
        }
        out.flush();
    }

    @Override
    public void end(Map<String, Object> end) {
        out.println(RULE);
        out.println(header());
        for (Object s : (List<?>) end.get("streams")) {
            Map<?, ?> stream = (Map<?, ?>) s;
            if (stream.containsKey("udp")) {
                Map<?, ?> row = (Map<?, ?>) stream.get("udp");
                line(String.format(Locale.ROOT, "%3s", row.get("socket")), row, "");
            } else {
                Map<?, ?> sender = (Map<?, ?>) stream.get("sender");
                line(String.format(Locale.ROOT, "%3s", sender.get("socket")), sender, "  sender");
                line(String.format(Locale.ROOT, "%3s", sender.get("socket")), (Map<?, ?>) stream.get("receiver"),
                        "  receiver");
            }
        }
        List<?> streams = (List<?>) end.get("streams");
        if (streams.size() > 1) {
            for (String suffix : end.containsKey("sum_sent_bidir_reverse") ? List.of("", "_bidir_reverse")
                    : List.of("")) {
                if (end.containsKey("sum" + suffix)) {
                    line("SUM", (Map<?, ?>) end.get("sum" + suffix), "");
                } else {
                    line("SUM", (Map<?, ?>) end.get("sum_sent" + suffix), "  sender");
                    line("SUM", (Map<?, ?>) end.get("sum_received" + suffix), "  receiver");
                }
            }
        }
        Map<?, ?> cpu = (Map<?, ?>) end.get("cpu_utilization_percent");
        out.printf(Locale.ROOT, "CPU Utilization: local/%s %.1f%% (%.1f%%u/%.1f%%s), remote %.1f%% (%.1f%%u/%.1f%%s)%n",
                client ? "sender" : "receiver", num(cpu, "host_total"), num(cpu, "host_user"), num(cpu, "host_system"),
                num(cpu, "remote_total"), num(cpu, "remote_user"), num(cpu, "remote_system"));
        out.println();
        out.println(client ? "iperf Done." : "");
        out.flush();
    }

    @Override
    public void error(String message) {
        out.println("iperf3: error - " + message);
        out.flush();
    }

    private void line(String id, Map<?, ?> row, String role) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "[%s] %6.2f-%-6.2f sec  %s  %s",
                id, num(row, "start"), num(row, "end"), AdaptiveUnits.bytes(num(row, "bytes")),
                AdaptiveUnits.bits(num(row, "bits_per_second"))));
        if (row.containsKey("jitter_ms")) {
            text.append(String.format(Locale.ROOT, "  %5.3f ms  %d/%d (%.2g%%)", num(row, "jitter_ms"),
                    (long) num(row, "lost_packets"), (long) num(row, "packets"), num(row, "lost_percent")));
        } else if (row.containsKey("packets")) {
            text.append(String.format(Locale.ROOT, "  %d", (long) num(row, "packets")));
        }
        out.println(text.append(role));
    }

    private static double num(Map<?, ?> map, String key) {
        return map.get(key) instanceof Number n ? n.doubleValue() : 0;
    }

    /** Writes to the console and to the server's transcript alike. */
    private static final class Tee extends OutputStream {
        private final OutputStream console;
        private final OutputStream copy;

        Tee(OutputStream console, OutputStream copy) {
            this.console = console;
            this.copy = copy;
        }

        @Override
        public void write(int b) throws IOException {
            console.write(b);
            copy.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            console.write(b, off, len);
            copy.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            console.flush();
        }
    }
}
