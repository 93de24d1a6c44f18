package com.burstline.server.run;

import com.burstline.iperf.Samples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Bodies no server should store, generated from the real iperf3 outputs: each is one real output broken in one
 * way. None of them is iperf3 output a real run could print, so each must be refused with a 4xx and store nothing.
 */
final class HostileCorpus {
    static final String JSON = "application/json";
    static final String NDJSON = "application/x-ndjson";
    private static final String TCP = "iperf3-318-tcp-1-upload.json";
    private static final String TCP_4 = "iperf3-312-tcp-4-upload.json";
    private static final String UDP = "iperf3-318-udp-1g-upload.json";
    private static final String STREAM = "iperf3-318-tcp-1-upload-stream.json";
    /** Keys iperf3 prints as whole numbers: a fraction is as impossible there as a negative. */
    private static final List<String> WHOLE = List.of("bytes", "target_bitrate", "duration", "omit", "num_streams",
            "socket", "port", "local_port", "remote_port", "timesecs", "retransmits", "rtt", "rttvar", "snd_cwnd",
            "snd_wnd", "pmtu", "lost_packets", "packets", "blksize", "blocks", "tos", "tcp_mss_default",
            "sock_bufsize", "sndbuf_actual", "rcvbuf_actual", "reverse", "bidir", "min_rtt", "max_rtt", "mean_rtt",
            "max_snd_cwnd", "max_snd_wnd", "out_of_order", "fqrate", "fq_rate");
    private static final List<String> FRACTIONAL = List.of("bits_per_second", "start", "end", "seconds",
            "jitter_ms", "lost_percent", "host_total", "host_user", "host_system", "remote_total", "remote_user",
            "remote_system");
    /**
     * Keys that carry no throughput. Since issue 29 a number no run can have there (negative, 1e300, a fraction
     * where iperf3 prints whole numbers) is stored as unknown with a note on the run rather than refused, as iperf3
     * 3.12 printed a remote CPU of -6.7e19 beside sound throughput; a string or a boolean there is still refused.
     * Those bodies are {@link #markedNotRefused()}, checked by {@code MarkedInputTest}.
     */
    static final List<String> WITHOUT_THROUGHPUT = List.of("rtt", "rttvar", "min_rtt", "max_rtt", "mean_rtt",
            "snd_cwnd", "max_snd_cwnd", "snd_wnd", "max_snd_wnd", "pmtu", "tcp_mss_default", "sock_bufsize",
            "sndbuf_actual", "rcvbuf_actual", "host_total", "host_user", "host_system", "remote_total",
            "remote_user", "remote_system");

    /** One hostile request: what it is, its body and the headers it declares. */
    record Body(String description, byte[] content, String contentType, String contentEncoding) {
        static Body of(String description, String text, String contentType) {
            return new Body(description, text.getBytes(StandardCharsets.UTF_8), contentType, null);
        }
    }

    private final List<Body> bodies = new ArrayList<>();
    private final List<Body> marked = new ArrayList<>();
    private final java.util.Set<String> markedKeys = new java.util.HashSet<>();

    static List<Body> generate() {
        return byClass().values().stream().flatMap(List::stream).toList();
    }

    /**
     * Real outputs with one impossible number in a field that carries no throughput ({@link #WITHOUT_THROUGHPUT}):
     * stored, that field unknown, with a note. Each description starts with the key.
     */
    static List<Body> markedNotRefused() {
        HostileCorpus corpus = new HostileCorpus();
        List.of(TCP, TCP_4, UDP, STREAM).forEach(corpus::numbers);
        return List.copyOf(corpus.marked);
    }

    /** The same bodies, under the class of break each belongs to (for the reliability report). */
    static Map<String, List<Body>> byClass() {
        HostileCorpus corpus = new HostileCorpus();
        Map<String, List<Body>> classes = new LinkedHashMap<>();
        corpus.collect(classes, "truncated at every structural point", () -> {
            corpus.truncations(TCP, JSON);
            corpus.truncations(STREAM, NDJSON);
        });
        corpus.collect(classes, "numbers negative, huge, fractional, strings",
                () -> List.of(TCP, TCP_4, UDP, STREAM).forEach(corpus::numbers));
        corpus.collect(classes, "duplicate keys", () -> List.of(TCP, TCP_4, UDP, STREAM).forEach(corpus::duplicateKeys));
        corpus.collect(classes, "NUL, invalid UTF-8, escapes", corpus::badBytes);
        corpus.collect(classes, "deep nesting", corpus::nesting);
        corpus.collect(classes, "long strings and keys", corpus::longStrings);
        corpus.collect(classes, "bad --json-stream lines", corpus::badStreamLines);
        corpus.collect(classes, "wrong types and encodings", corpus::wrongTypesAndEncodings);
        corpus.collect(classes, "intervals backwards, events repeated however spaced", corpus::orderAndRepeats);
        return classes;
    }

    private void collect(Map<String, List<Body>> classes, String name, Runnable generator) {
        int before = bodies.size();
        generator.run();
        classes.put(name, List.copyOf(bodies.subList(before, bodies.size())));
    }

    private void truncations(String sample, String type) {
        String text = text(sample);
        int last = text.stripTrailing().length() - 1;
        for (int i = 0; i < last; i++) {
            if ("{}[],:".indexOf(text.charAt(i)) >= 0) {
                bodies.add(Body.of(sample + " cut after byte " + i, text.substring(0, i + 1), type));
            }
        }
    }

    private void numbers(String sample) {
        String type = sample.endsWith("-stream.json") ? NDJSON : JSON;
        for (String key : concat(WHOLE, FRACTIONAL)) {
            List<Integer> at = numericValues(text(sample), key);
            if (at.isEmpty()) {
                continue;
            }
            for (int position : List.of(at.get(0), at.get(at.size() - 1))) {
                List<String> values = new ArrayList<>(List.of("-7", "1e300", "\"12\"", "true"));
                if (WHOLE.contains(key)) {
                    values.add("0.5");
                }
                for (String value : values) {
                    String body = replaceValue(text(sample), position, value);
                    boolean number = !value.startsWith("\"") && !value.equals("true");
                    if (number && WITHOUT_THROUGHPUT.contains(key)) {
                        // one place per key and format shows the rule; each upload stores a run
                        if (markedKeys.add(type + " " + key + " " + value)) {
                            marked.add(Body.of(key + " in " + sample + " at " + position + " = " + value, body,
                                    type));
                        }
                    } else {
                        bodies.add(Body.of(sample + ": " + key + " at " + position + " = " + value, body, type));
                    }
                }
            }
        }
    }

    private void duplicateKeys(String sample) {
        String type = sample.endsWith("-stream.json") ? NDJSON : JSON;
        String text = text(sample);
        for (String key : List.of("bytes", "bits_per_second", "version", "num_streams", "protocol", "socket",
                "sum_sent", "intervals", "cpu_utilization_percent", "timestamp")) {
            int at = text.indexOf("\"" + key + "\":");
            if (at < 0) {
                continue;
            }
            // the same key once more in the same object, first with a value of the same kind, then the same value
            String copy = key.equals("version") || key.equals("protocol") ? "\"x\"" : key.equals("intervals")
                    ? "[]" : key.endsWith("sent") || key.startsWith("cpu") || key.equals("timestamp") ? "{}" : "1";
            bodies.add(Body.of(sample + ": duplicate " + key, text.substring(0, at) + "\"" + key + "\": " + copy
                    + ", " + text.substring(at), type));
        }
    }

    private void badBytes() {
        String text = text(TCP);
        int version = text.indexOf("iperf 3.18");
        byte[][] invalid = {{0}, {(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0x80},
                {(byte) 0xE2, (byte) 0x82}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF8, (byte) 0x88}};
        for (byte[] bytes : invalid) {
            bodies.add(new Body("bytes " + hex(bytes) + " inside start.version", insert(text, version, bytes),
                    JSON, null));
            bodies.add(new Body("bytes " + hex(bytes) + " between tokens", insert(text, 1, bytes), JSON, null));
        }
        for (String escape : List.of("\\u0000", "\\u0007", "\\n", "\\ud800", "\\u001b[31m")) {
            bodies.add(Body.of("escape " + escape + " in start.version", text.substring(0, version) + escape
                    + text.substring(version), JSON));
        }
        bodies.add(new Body("UTF-16 encoded -J output", text.getBytes(StandardCharsets.UTF_16), JSON, null));
        bodies.add(new Body("UTF-8 byte order mark before -J output", concat(new byte[]{(byte) 0xEF, (byte) 0xBB,
                (byte) 0xBF}, text.getBytes(StandardCharsets.UTF_8)), JSON, null));
    }

    private void nesting() {
        String text = text(TCP);
        int start = text.indexOf("\"start\":");
        for (int depth : List.of(100, 600, 5_000, 50_000)) {
            bodies.add(Body.of("arrays nested " + depth + " deep in the output", text.substring(0, start)
                    + "\"deep\": " + "[".repeat(depth) + "]".repeat(depth) + ", " + text.substring(start), JSON));
            bodies.add(Body.of("objects nested " + depth + " deep", "{\"a\":".repeat(depth) + "1"
                    + "}".repeat(depth), JSON));
        }
    }

    private void longStrings() {
        for (String key : List.of("version", "cookie", "host", "protocol", "sender_tcp_congestion")) {
            List<Integer> at = stringValues(text(TCP), key);
            for (int length : List.of(257, 10_000, 1_000_000)) {
                bodies.add(Body.of(key + " of " + length + " characters", replaceValue(text(TCP), at.get(0),
                        "\"" + "x".repeat(length) + "\""), JSON));
            }
        }
        bodies.add(Body.of("a key of 100,000 characters", "{\"" + "k".repeat(100_000) + "\": 1}", JSON));
    }

    private void badStreamLines() {
        String[] lines = text(STREAM).split("\n");
        List<String> bad = List.of("not json at all", "[1, 2, 3]", "{\"event\":\"interval\"}",
                "{\"event\":\"interval\",\"data\":5}", "{\"event\":5,\"data\":{}}", "{\"data\":{}}",
                "{\"event\":\"interval\",\"data\":{\"streams\":{}}}", "{\"event\":\"end\",\"data\":{}}",
                "{\"event\":\"start\",\"data\":{}}", lines[lines.length - 1], lines[0], "{", "}", "{}{}");
        for (String line : bad) {
            for (int position : List.of(1, lines.length / 2, lines.length)) {
                List<String> changed = new ArrayList<>(List.of(lines));
                changed.add(position, line);
                bodies.add(Body.of("--json-stream with the line " + abbreviate(line) + " at " + position,
                        String.join("\n", changed) + "\n", NDJSON));
            }
        }
        List<String> withoutEnd = new ArrayList<>(List.of(lines));
        withoutEnd.remove(lines.length - 1);
        bodies.add(Body.of("--json-stream without its end event", String.join("\n", withoutEnd), NDJSON));
        bodies.add(Body.of("--json-stream without its start event", text(STREAM).substring(lines[0].length()), NDJSON));
    }

    /**
     * Found stored: an interval that ends before it starts, and a second "end" event on a line that starts
     * {@code { "event"} (spaced as JSON may be), which replaced the first's figures.
     */
    private void orderAndRepeats() {
        for (String sample : List.of(TCP, TCP_4, UDP, STREAM)) {
            String text = text(sample);
            List<Integer> ends = numericValues(text, "end");
            for (int occurrence : List.of(ends.size() / 2, ends.size() / 2 + 1)) {
                bodies.add(Body.of(sample + " with an interval ending at 0.5 s, before it starts",
                        replaceValue(text, ends.get(occurrence), "0.5"), sample.equals(STREAM) ? NDJSON : JSON));
            }
        }
        String[] lines = text(STREAM).split("\n");
        String end = lines[lines.length - 1];
        String start = lines[0];
        for (String spaced : List.of(end.replaceFirst("^\\{\"event\":\"end\"", "{ \"event\": \"end\""),
                end.replaceFirst("^\\{\"event\":\"end\"", "{\"event\" : \"end\""),
                start.replaceFirst("^\\{\"event\":\"start\"", "{ \"event\": \"start\""))) {
            for (int position : List.of(1, lines.length - 1, lines.length)) {
                List<String> changed = new ArrayList<>(List.of(lines));
                changed.add(position, spaced);
                bodies.add(Body.of("--json-stream with a second event " + abbreviate(spaced) + " at " + position,
                        String.join("\n", changed) + "\n", NDJSON));
            }
        }
    }

    private void wrongTypesAndEncodings() {
        for (String content : List.of("", " \n ", "null", "[]", "42", "\"text\"", "<run/>", "{}", "{\"start\":{}}",
                "{\"start\":[],\"end\":\"x\",\"intervals\":{}}")) {
            bodies.add(Body.of("not iperf3 output: " + abbreviate(content), content, JSON));
        }
        bodies.add(new Body("-J output declared as NDJSON", bytes(TCP), NDJSON, null));
        bodies.add(new Body("--json-stream output declared as JSON", bytes(STREAM), JSON, null));
        for (String type : List.of("text/plain", "application/xml", "application/octet-stream",
                "multipart/form-data; boundary=x", "application/json; charset=utf-16")) {
            bodies.add(new Body("-J output declared as " + type, bytes(TCP), type, null));
        }
        for (String encoding : List.of("br", "deflate", "compress", "zstd", "gzip, br", "rot13")) {
            bodies.add(new Body("Content-Encoding " + encoding, bytes(TCP), JSON, encoding));
        }
        bodies.add(new Body("Content-Encoding gzip on a body that is not gzip", bytes(TCP), JSON, "gzip"));
        byte[] gzip = gzip(bytes(TCP));
        bodies.add(new Body("gzip cut in half", java.util.Arrays.copyOf(gzip, gzip.length / 2), JSON, "gzip"));
        bodies.add(new Body("gzip of --json-stream output declared as JSON", gzip(bytes(STREAM)), JSON, "gzip"));
        bodies.add(new Body("gzip of random bytes", gzip(new java.util.Random(7).ints(4096, 0, 256)
                .collect(ByteArrayOutputStream::new, ByteArrayOutputStream::write, (a, b) -> { }).toByteArray()),
                JSON, "gzip"));
        bodies.add(new Body("gzip inflating to 64 MiB of zero bytes", gzip(new byte[64 << 20]), JSON, "gzip"));
    }

    /** Offsets of the values of {@code "key":} that are numbers. */
    private static List<Integer> numericValues(String text, String key) {
        return values(text, key, true);
    }

    private static List<Integer> stringValues(String text, String key) {
        return values(text, key, false);
    }

    private static List<Integer> values(String text, String key, boolean numbers) {
        List<Integer> offsets = new ArrayList<>();
        String quoted = "\"" + key + "\":";
        for (int at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, at + 1)) {
            int value = at + quoted.length();
            while (Character.isWhitespace(text.charAt(value))) {
                value++;
            }
            char first = text.charAt(value);
            if (numbers ? first == '-' || Character.isDigit(first) : first == '"') {
                offsets.add(value);
            }
        }
        return offsets;
    }

    /** The text with the JSON value that starts at {@code offset} replaced. */
    private static String replaceValue(String text, int offset, String value) {
        int end = offset + 1;
        if (text.charAt(offset) == '"') {
            while (text.charAt(end) != '"') {
                end++;
            }
            end++;
        } else {
            while (",}]\n\r\t ".indexOf(text.charAt(end)) < 0) {
                end++;
            }
        }
        return text.substring(0, offset) + value + text.substring(end);
    }

    private static byte[] insert(String text, int offset, byte[] bytes) {
        return concat(concat(text.substring(0, offset).getBytes(StandardCharsets.UTF_8), bytes),
                text.substring(offset).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
    }

    private static byte[] gzip(byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String hex(byte[] bytes) {
        return java.util.HexFormat.ofDelimiter(" ").formatHex(bytes);
    }

    private static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }

    private static String text(String sample) {
        return new String(bytes(sample), StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String sample) {
        return Samples.bytes(sample);
    }
}
