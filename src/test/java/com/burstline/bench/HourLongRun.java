package com.burstline.bench;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;

/**
 * An hour-long iperf3 run at 0.1 s intervals with 8 streams, made from a real one: the real 240 s run's intervals
 * (src/test/resources/long-runs, README there) concatenated in order, again and again, each copy shifted in time to
 * start where the one before ended, until {@link #INTERVALS} intervals (324,000 rows of 8 streams and their sum)
 * fill the hour. Every row is one iperf3 printed; only its place in time moves. The start and end sections stay
 * the real run's, with the test's duration set to the hour. Not a capture: a stand-in for one an hour long, which
 * this machine's test time cannot afford.
 */
public final class HourLongRun {
    public static final String SOURCE = "long-runs/iperf3-312-tcp-8x10m-240s-0.1s-loopback.json.gz";
    public static final String FIVE_SECONDS = "long-runs/iperf3-312-tcp-8x10m-5s-0.1s-loopback.json.gz";
    public static final int INTERVALS = 36_000;
    /** 8 streams and their sum per interval. */
    public static final int ROWS = INTERVALS * 9;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HourLongRun() {
    }

    /** The hour-long document as iperf3 -J would have printed it. */
    public static byte[] json() throws IOException {
        return of(resource(SOURCE), INTERVALS);
    }

    /** The real intervals of {@code real} concatenated to {@code intervals} intervals, written one at a time. */
    static byte[] of(byte[] real, int intervals) {
        ObjectNode doc = (ObjectNode) JSON.readTree(real);
        ArrayNode source = (ArrayNode) doc.get("intervals");
        double period = source.get(source.size() - 1).get("sum").get("end").doubleValue();
        double seconds = period * intervals / source.size();
        ((ObjectNode) doc.get("start").get("test_start")).put("duration", (int) Math.round(seconds));
        doc.set("intervals", JSON.createArrayNode());
        String whole = JSON.writeValueAsString(doc);
        int at = whole.indexOf("\"intervals\":[]") + "\"intervals\":[".length();
        ByteArrayOutputStream out = new ByteArrayOutputStream(real.length * (intervals / source.size() + 1));
        out.writeBytes(whole.substring(0, at).getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < intervals; i++) {
            ObjectNode interval = (ObjectNode) source.get(i % source.size()).deepCopy();
            double shift = (i / source.size()) * period;
            interval.get("streams").forEach(stream -> shift((ObjectNode) stream, shift));
            shift((ObjectNode) interval.get("sum"), shift);
            if (i > 0) {
                out.write(',');
            }
            out.writeBytes(JSON.writeValueAsBytes(interval));
        }
        out.writeBytes(whole.substring(at).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static void shift(ObjectNode row, double by) {
        row.put("start", row.get("start").doubleValue() + by);
        row.put("end", row.get("end").doubleValue() + by);
    }

    public static byte[] resource(String name) throws IOException {
        try (InputStream in = HourLongRun.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is not on the class path");
            }
            try (GZIPInputStream gz = new GZIPInputStream(in)) {
                return gz.readAllBytes();
            }
        }
    }

    /** For a look at what it makes: prints the sizes. */
    public static void main(String[] args) throws IOException {
        byte[] json = json();
        JsonNode doc = JSON.readTree(json);
        System.out.printf("%d intervals, %.1f MB, last ends at %.1f s%n", doc.get("intervals").size(),
                json.length / 1e6, doc.get("intervals").get(INTERVALS - 1).get("sum").get("end").doubleValue());
    }
}
