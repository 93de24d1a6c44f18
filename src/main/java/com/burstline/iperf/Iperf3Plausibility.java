package com.burstline.iperf;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Refuses iperf3 output holding values that cannot be, before anything is parsed for storage: well-formed JSON
 * with a negative byte count, a rate beyond any NIC, a loss above 100 % or a start in the year 31,690,708 would
 * otherwise be stored as a measurement. A value out of range in a field that carries no throughput (CPU, buffer
 * sizes, cwnd, rtt: {@link IgnoredValue}) is noted instead, and the parser reads it as unknown: iperf3 itself has
 * printed such values beside sound throughput. Every numeric key iperf3 prints is held to {@link PlausibleRange} wherever
 * it appears (also in parts Burstline does not store), names and versions to 256 characters without control
 * characters, and no object may repeat a key, because the raw bytes and the figures read from them would disagree
 * (the sums a 3.7-3.10 bidir run prints twice, once per direction, are kept apart instead).
 * Each refusal names the JSON path and what is allowed. Input that is not JSON is left to the parser to describe.
 * One streaming pass over the tokens: this runs on every upload, and for {@code -J} output the same pass builds the
 * tree the parser then reads ({@link Iperf3OutputParser#checkAndParse}), so the upload is tokenized once.
 */
public final class Iperf3Plausibility {
    static final int MAX_TEXT = 256;
    static final int MAX_DEPTH = 32;
    private static final Set<String> NAMES = Set.of("version", "cookie", "host", "local_host", "remote_host",
            "protocol", "sender_tcp_congestion", "receiver_tcp_congestion", "tcp_congestion", "title", "event");
    /**
     * The repetitions real output has, all in a {@code start} object: iperf3 3.12 prints the buffer sizes once per
     * stream, and its server's output (--get-server-output) prints target_bitrate twice. Burstline reads none of
     * them from there ({@code start.test_start.target_bitrate} is the one read, and may not repeat).
     */
    private static final Set<String> REPEATED_BY_IPERF3 = Set.of("sock_bufsize", "sndbuf_actual", "rcvbuf_actual",
            "target_bitrate");
    private static final List<String> SINGLE_EVENTS = List.of("start", "end");
    /**
     * iperf3 3.7 to 3.10 print a {@code --bidir} run's sums twice, once per direction, client-to-server first
     * (esnet/iperf#952); 3.11 named the second {@code *_bidir_reverse}. The second is read under that name, so both
     * directions are kept, and only there: anywhere else a repeated key stays refused.
     */
    private static final Set<String> REPEATED_PER_DIRECTION = Set.of("sum", "sum_sent", "sum_received");
    private static final Pattern SUMS_OBJECT = Pattern.compile("(server_output_json\\.)?(end|intervals\\[[0-9]+])");
    /** A --json-stream line, however it is spaced: {@code { "event": "end", ...}} is one too. */
    private static final Pattern EVENT_LINE = Pattern.compile("\\{\\s*\"event\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern CONTROL_CHARACTERS = Pattern.compile("\\p{Cntrl}");
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Iperf3Plausibility() {
    }

    /** One open object or array: its path, and the keys seen or the next element's index; its node when built. */
    private static final class Container {
        final String path;
        final boolean object;
        final Set<String> keys = new HashSet<>();
        final JsonNode node;
        String key;
        int index;

        Container(String path, boolean object, JsonNode node) {
            this.path = path;
            this.object = object;
            this.node = node;
        }

        String childPath() {
            if (!object) {
                return path + "[" + index + "]";
            }
            return path.isEmpty() || path.endsWith(": ") ? path + key : path + "." + key;
        }
    }

    /**
     * The same bounds for one interval that did not come as iperf3 output (an agent's live sample): null when it can
     * be, else what is wrong with it, in words naming {@code path}.
     */
    public static String intervalProblem(String path, Double start, Double end, Double bitsPerSecond) {
        if (start == null || end == null || bitsPerSecond == null) {
            return path + " needs start, end and bitsPerSecond";
        }
        for (var value : Map.of("start", start, "end", end, "bits_per_second", bitsPerSecond).entrySet()) {
            PlausibleRange range = PlausibleRange.BY_KEY.get(value.getKey());
            if (!Double.isFinite(value.getValue()) || !range.allows(BigDecimal.valueOf(value.getValue()))) {
                return path + "." + value.getKey() + " is " + value.getValue() + "; a real iperf3 run has "
                        + range.describe();
            }
        }
        return end < start ? path + " ends (" + end + " s) before it starts (" + start + " s)" : null;
    }

    /**
     * @return the values out of range in fields that carry no throughput ({@link IgnoredValue}), which the parser
     *         reads as unknown; empty for a plausible output
     * @throws ImplausibleValueException naming the first other value out of range, or a repeated key
     */
    public static List<IgnoredValue> check(byte[] output) {
        return checked(new String(output, StandardCharsets.UTF_8).strip()).ignored();
    }

    /** The same check of the decoded, stripped text; the tree as {@link #checked} gives it. */
    static ObjectNode check(String text) {
        return checked(text).tree();
    }

    /**
     * What the check of one output found.
     *
     * @param tree    the document's tree, as {@code readTree} reads it, when the text is one JSON object and nothing
     *                more and was checked in one pass ({@code -J} output); otherwise null, and the parser reads the
     *                text itself
     * @param ignored the values out of range in fields that carry no throughput, one per key
     */
    record Checked(ObjectNode tree, List<IgnoredValue> ignored) {
    }

    static Checked checked(String text) {
        Map<String, IgnoredValue> ignored = new LinkedHashMap<>();
        if (text.indexOf('\n') < 0 || !EVENT_LINE.matcher(text).lookingAt()) {
            return new Checked(walk(text, "", new TreeBuilder(), ignored), List.copyOf(ignored.values()));
        }
        String[] lines = text.split("\n", -1);
        Set<String> singleEvents = new HashSet<>();
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                walk(lines[i], "line " + (i + 1) + ": ", null, ignored);
                once(lines[i], i + 1, singleEvents);
            }
        }
        return new Checked(null, List.copyOf(ignored.values()));
    }

    /**
     * The tree of {@code -J} output as {@link #check} builds it (a 3.7-3.10 bidir run's second sums under their
     * 3.11 names), without refusing anything: another repeated key keeps its last value, as {@code readTree} does.
     *
     * @return null when the text is not one JSON object
     */
    static ObjectNode tree(String text) {
        return walk(text, "", new TreeBuilder(), null);
    }

    /** A second start or end event would replace the first, as a repeated key would. */
    private static void once(String line, int number, Set<String> seen) {
        var event = EVENT_LINE.matcher(line.strip());
        if (event.lookingAt() && SINGLE_EVENTS.contains(event.group(1)) && !seen.add(event.group(1))) {
            throw new ImplausibleValueException("line " + number + " is a second \"" + event.group(1) + "\" event; "
                    + "iperf3 --json-stream prints one");
        }
    }

    /**
     * @param tree builds the tree along, or null; @param ignored collects what is ignored, and null when nothing is
     *             checked (then nothing is refused either)
     * @return the tree, null when none was built or it is not one
     */
    private static ObjectNode walk(String json, String prefix, TreeBuilder tree, Map<String, IgnoredValue> ignored) {
        boolean checks = ignored != null;
        Deque<Container> open = new ArrayDeque<>();
        try (JsonParser parser = MAPPER.createParser(json)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                Container parent = open.peek();
                String path = parent == null ? prefix : parent.childPath();
                switch (token) {
                    case START_OBJECT, START_ARRAY -> open.push(opened(open, path, token == JsonToken.START_OBJECT,
                            tree == null ? null : tree.opened(nodeOf(parent), keyOf(parent), token), checks));
                    case END_OBJECT, END_ARRAY -> {
                        open.pop();
                        advance(open.peek());
                    }
                    case PROPERTY_NAME -> key(parent, parser.currentName(), checks);
                    default -> {
                        if (tree != null) {
                            tree.value(nodeOf(parent), keyOf(parent), parser, token);
                        }
                        if (checks) {
                            value(parent == null ? null : parent.key, parser, token, path, ignored);
                        }
                        advance(parent);
                    }
                }
            }
        } catch (JacksonException notJson) {
            return null; // not JSON (or beyond the parser's limits): the parser says what is wrong with it
        }
        return tree == null ? null : tree.root();
    }

    private static JsonNode nodeOf(Container container) {
        return container == null ? null : container.node;
    }

    private static String keyOf(Container container) {
        return container == null ? null : container.key;
    }

    private static Container opened(Deque<Container> open, String path, boolean object, JsonNode node,
                                    boolean checks) {
        if (checks && open.size() >= MAX_DEPTH) {
            throw new ImplausibleValueException(path + " nests more than " + MAX_DEPTH + " objects and arrays deep; "
                    + "iperf3 output nests fewer than 10");
        }
        return new Container(path, object, node);
    }

    private static void key(Container object, String name, boolean checks) {
        String key = secondDirection(object, name) ? name + "_bidir_reverse" : name;
        boolean startObject = object.path.equals("start") || object.path.endsWith(".start")
                || object.path.endsWith(": data");
        if (!object.keys.add(key) && checks && !(startObject && REPEATED_BY_IPERF3.contains(key))) {
            throw new ImplausibleValueException(object.path + (object.path.isEmpty() ? "" : " ")
                    + "repeats the key \"" + name + "\"; iperf3 prints each key once, and a repeated key would "
                    + "make the stored figures disagree with the raw output");
        }
        object.key = key;
    }

    /** The second of a 3.7-3.10 bidir run's sums; a third, or one beside its 3.11 name, stays a repeat. */
    private static boolean secondDirection(Container object, String name) {
        return REPEATED_PER_DIRECTION.contains(name) && object.keys.contains(name)
                && SUMS_OBJECT.matcher(object.path).matches();
    }

    private static void advance(Container container) {
        if (container != null && !container.object) {
            container.index++;
        }
    }

    private static void value(String key, JsonParser parser, JsonToken token, String path,
                              Map<String, IgnoredValue> ignored) {
        if (key == null || token == JsonToken.VALUE_NULL) {
            return;
        }
        PlausibleRange range = PlausibleRange.BY_KEY.get(key);
        if (range != null) {
            boolean number = token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
            if (!number) {
                throw new ImplausibleValueException(path + " must be a number, but it is "
                        + (token == JsonToken.VALUE_STRING ? "a string" : "not a number") + "; a real iperf3 run has "
                        + range.describe());
            }
            BigDecimal value = token == JsonToken.VALUE_NUMBER_INT ? new BigDecimal(parser.getBigIntegerValue())
                    : parser.getDecimalValue();
            if (!range.allows(value)) {
                if (!IgnoredValue.ignorable(key)) {
                    throw refused(path, parser.getString(), range.describe());
                }
                IgnoredValue first = ignored.get(key);
                ignored.put(key, first != null ? first.onceMore()
                        : new IgnoredValue(key, path, parser.getString(), 1, range.describe()));
            }
        }
        if (NAMES.contains(key) && token == JsonToken.VALUE_STRING) {
            String text = parser.getString();
            if (text.length() > MAX_TEXT) {
                throw refused(path, text.length() + " characters long", "at most " + MAX_TEXT + " characters");
            }
            boolean loneSurrogate = text.codePoints().anyMatch(c -> Character.getType(c) == Character.SURROGATE);
            if (loneSurrogate || CONTROL_CHARACTERS.matcher(text).find()) {
                throw refused(path, "text with control characters or half a UTF-16 pair",
                        "text without control characters");
            }
        }
    }

    private static ImplausibleValueException refused(String path, String found, String allowed) {
        return new ImplausibleValueException(path + " is " + found + "; a real iperf3 run has " + allowed);
    }
}
