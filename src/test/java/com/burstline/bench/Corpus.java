package com.burstline.bench;

import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Samples;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Distinct uploads made from the real iperf3 outputs in {@code src/test/resources/iperf3}. The service stores the same
 * bytes only once, so each upload needs different bytes; iperf3 itself draws a fresh random {@code cookie} for every
 * test, so a variant that differs only in that cookie is exactly what iperf3 could have printed. The cookie's bytes
 * are overwritten in place: nothing is re-serialized, every other byte is as iperf3 printed it.
 */
public final class Corpus {
    static final String DESCRIPTION = "real iperf3 outputs from src/test/resources/iperf3 (error output excluded); "
            + "each upload is one of them byte for byte, with only start.cookie replaced by a fresh random cookie";

    private static final String COOKIE_KEY = "\"cookie\":";
    private static final String COOKIE_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
    private static final int COOKIE_LENGTH = 36;

    private final List<Sample> samples;
    private final Random random;
    private final Set<String> cookiesUsed = new HashSet<>();

    /** One real output, where its cookie sits (twice in one with the server's output), and its interval rows. */
    private record Sample(String name, byte[] bytes, List<Integer> cookieOffsets, int rows) {
    }

    private Corpus(List<Sample> samples) {
        this.samples = samples;
        this.random = new Random();
    }

    public static Corpus ofRealSamples(Pattern names) {
        Iperf3OutputParser parser = new Iperf3OutputParser();
        List<Sample> samples = new ArrayList<>();
        for (String name : Samples.benchmarkRuns()) {
            if (!names.matcher(name).find()) {
                continue;
            }
            byte[] bytes = Samples.bytes(name);
            samples.add(new Sample(name, bytes, cookieOffsets(name, bytes), parser.parse(bytes).intervals().size()));
        }
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no sample name matches " + names);
        }
        return new Corpus(samples);
    }

    /** Variants of one real output that is not among the samples, such as a long run kept gzipped. */
    static Corpus ofOutput(String name, byte[] bytes) {
        return new Corpus(List.of(new Sample(name, bytes, cookieOffsets(name, bytes),
                new Iperf3OutputParser().parse(bytes).intervals().size())));
    }

    int sampleCount() {
        return samples.size();
    }

    /** The next {@code count} uploads, taking the samples in turn; every upload has a cookie never used before. */
    public List<Upload> next(int count) {
        List<Upload> uploads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Sample sample = samples.get(i % samples.size());
            byte[] variant = sample.bytes().clone();
            byte[] cookie = freshCookie().getBytes(StandardCharsets.US_ASCII);
            sample.cookieOffsets().forEach(offset -> System.arraycopy(cookie, 0, variant, offset, COOKIE_LENGTH));
            uploads.add(new Upload(sample.name(), mediaType(sample.name()), variant, sample.rows()));
        }
        return uploads;
    }

    /** The upload page and agents send {@code --json-stream} output as NDJSON, {@code -J} output as JSON. */
    private static String mediaType(String name) {
        return name.endsWith("-stream.json") ? "application/x-ndjson" : "application/json";
    }

    private String freshCookie() {
        String cookie;
        do {
            StringBuilder letters = new StringBuilder(COOKIE_LENGTH);
            for (int i = 0; i < COOKIE_LENGTH; i++) {
                letters.append(COOKIE_ALPHABET.charAt(random.nextInt(COOKIE_ALPHABET.length())));
            }
            cookie = letters.toString();
        } while (!cookiesUsed.add(cookie));
        return cookie;
    }

    /**
     * Where the cookie's 36 letters start; ISO-8859-1 maps each byte to one char, so string offsets are byte offsets.
     * A client run with {@code --get-server-output} holds the server's start object too, with the same cookie: both
     * places get the fresh one, as both would have held iperf3's.
     */
    private static List<Integer> cookieOffsets(String name, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        List<Integer> offsets = new ArrayList<>();
        for (int key = text.indexOf(COOKIE_KEY); key >= 0; key = text.indexOf(COOKIE_KEY, key + 1)) {
            offsets.add(text.indexOf('"', key + COOKIE_KEY.length()) + 1);
        }
        if (offsets.isEmpty() || offsets.size() > 2) {
            throw new IllegalStateException(name + " should hold one " + COOKIE_KEY + " (two with the server's output)");
        }
        String value = text.substring(offsets.get(0), offsets.get(0) + COOKIE_LENGTH);
        boolean wellFormed = value.chars().allMatch(c -> COOKIE_ALPHABET.indexOf(c) >= 0)
                && offsets.stream().allMatch(offset -> text.charAt(offset + COOKIE_LENGTH) == '"'
                && text.startsWith(value, offset));
        int occurrences = text.split(value, -1).length - 1;
        if (!wellFormed || occurrences != offsets.size()) {
            throw new IllegalStateException(name + ": the cookie is not one 36-letter value found at each " + COOKIE_KEY);
        }
        return List.copyOf(offsets);
    }

    /** One upload: which real output it came from, its bytes, and the interval rows the service stores for it. */
    public record Upload(String sample, String mediaType, byte[] content, int rows) {
    }
}
