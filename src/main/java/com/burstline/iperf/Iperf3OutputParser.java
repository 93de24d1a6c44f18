package com.burstline.iperf;

import com.burstline.contract.Protocol;
import com.burstline.contract.Direction;
import com.burstline.contract.Scenario;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads iperf3's JSON output, either {@code -J} (one object) or {@code --json-stream} (one event per line), into an
 * {@link Iperf3Result}. The format is recognised from the content, not from what the uploader said it was.
 *
 * <p>Throws {@link Iperf3ReportedError} when iperf3 itself reported a failure, {@link Iperf3MeasuredNothing} when
 * its test never began, and {@link Iperf3FormatException} when the input is not iperf3 output. Thread-safe.
 */
public final class Iperf3OutputParser {
    private final JsonMapper mapper = JsonMapper.builder().build();

    public Iperf3Result parse(byte[] output) {
        String text = text(output);
        return reader(text, Iperf3Plausibility.tree(text)).read();
    }

    /**
     * The output of a test iperf3 could not finish (its peer died, the connection broke): iperf3 still prints its
     * {@code start}, the intervals measured until then and the {@code error}, with an empty {@code end}. The figures
     * are then those intervals' (see {@link PartialFigures}); an output without one measured interval is refused.
     */
    public Iperf3Result parsePartial(byte[] output) {
        String text = text(output);
        return reader(text, Iperf3Plausibility.tree(text)).readPartial();
    }

    /**
     * What an upload goes through: {@link Utf8Input#require}, {@link Iperf3Plausibility#check}, then {@link #parse}
     * or {@link #parsePartial}, with the same refusals in the same order as those three one after another, but the
     * bytes decoded once and {@code -J} output tokenized once: the plausibility pass builds the tree read here.
     */
    public Iperf3Result checkAndParse(byte[] output, boolean partial) {
        return checkAndRead(output, partial).result();
    }

    /**
     * As {@link #checkAndParse}, with the values the check ignored rather than refused ({@link IgnoredValue}: out of
     * range in a field that carries no throughput), which the result holds as unknown.
     */
    public Checked checkAndRead(byte[] output, boolean partial) {
        Utf8Input.require(output);
        String text = text(output);
        Iperf3Plausibility.Checked checked = Iperf3Plausibility.checked(text);
        ResultReader reader = reader(text, checked.tree());
        return new Checked(partial ? reader.readPartial() : reader.read(), checked.ignored());
    }

    /** A checked output's figures, and what in it was ignored as impossible. */
    public record Checked(Iperf3Result result, List<IgnoredValue> ignored) {
    }

    private static String text(byte[] output) {
        return new String(output, StandardCharsets.UTF_8).strip();
    }

    /** @param checked the text's tree when the plausibility pass built it, else null */
    private ResultReader reader(String text, ObjectNode checked) {
        if (text.isEmpty()) {
            throw new Iperf3FormatException("the upload is empty; expected iperf3 -J or --json-stream output");
        }
        if (!text.startsWith("{")) {
            throw new Iperf3FormatException("this is not iperf3 JSON output: it does not start with '{'");
        }
        if (looksLikeJsonStream(text)) {
            return new ResultReader(assembleStream(text), Iperf3Result.OutputFormat.JSON_STREAM);
        }
        return new ResultReader(checked != null ? checked : readObject(text, "the upload"),
                Iperf3Result.OutputFormat.JSON);
    }

    /** {@code --json-stream} starts with {@code {"event":"start",...}} on a line of its own. */
    private boolean looksLikeJsonStream(String text) {
        int firstLineEnd = text.indexOf('\n');
        String firstLine = firstLineEnd < 0 ? text : text.substring(0, firstLineEnd);
        if (!firstLine.strip().endsWith("}")) {
            return false;
        }
        try {
            JsonNode first = mapper.readTree(firstLine);
            return first.isObject() && first.has("event") && first.has("data");
        } catch (JacksonException notOneLine) {
            return false;
        }
    }

    private ObjectNode readObject(String text, String what) {
        JsonNode tree;
        try {
            tree = mapper.readTree(text);
        } catch (JacksonException e) {
            throw new Iperf3FormatException(what + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (tree == null || !tree.isObject()) {
            throw new Iperf3FormatException(what + " must be a JSON object, as iperf3 -J prints");
        }
        return (ObjectNode) tree;
    }

    /** Turns the event lines back into the shape {@code -J} prints, so that one reader serves both formats. */
    private ObjectNode assembleStream(String text) {
        ObjectNode whole = mapper.createObjectNode();
        var intervals = whole.putArray("intervals");
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8))) {
            String line;
            int number = 0;
            java.util.Set<String> once = new java.util.HashSet<>();
            while ((line = lines.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                ObjectNode event = readObject(line, "line " + number + " of the --json-stream output");
                JsonPath eventPath = new JsonPath(event, "line " + number);
                String name = eventPath.requireString("event");
                JsonNode data = event.get("data");
                if ((name.equals("start") || name.equals("end")) && !once.add(name)) {
                    throw new ImplausibleValueException("line " + number + " is a second \"" + name + "\" event; "
                            + "iperf3 --json-stream prints one, and a second would replace the first's figures");
                }
                switch (name) {
                    case "start", "end" -> whole.set(name, eventPath.requireObject("data").node());
                    case "interval" -> intervals.add(eventPath.requireObject("data").node());
                    case "error" -> whole.set("error", data);
                    default -> whole.set(name, data); // server_output_json: read for its intervals; _text: kept
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading from memory: cannot happen
        }
        return whole;
    }

    /** Reads one assembled {@code -J} tree. */
    private static final class ResultReader {
        /** The first line of a server's text report that names its program: the engine's, or iperf3 -V's. */
        private static final Pattern NAMED_TEXT = Pattern.compile("(iperf|burstline-java) [0-9][A-Za-z0-9.+-]{0,63}");
        private final JsonPath root;
        private final Iperf3Result.OutputFormat format;

        ResultReader(ObjectNode tree, Iperf3Result.OutputFormat format) {
            this.root = JsonPath.root(tree);
            this.format = format;
        }

        Iperf3Result read() {
            if (root.has("error")) {
                JsonNode error = root.node().get("error");
                throw new Iperf3ReportedError(error.isString() ? error.stringValue() : error.toString());
            }
            JsonPath start = root.requireObject("start");
            requireSomethingMeasured(start);
            JsonPath testStart = start.requireObject("test_start");
            JsonPath end = root.requireObject("end");
            Protocol protocol = protocol(testStart);
            Direction direction = direction(testStart, end);
            OutputSide side = isClientOutput(start) ? OutputSide.CLIENT : OutputSide.SERVER;
            List<IntervalSample> intervals = intervals(direction, side == OutputSide.CLIENT);
            return new Iperf3Result(format, side, toolVersion(start), serverTool(), startedAt(start),
                    scenario(start, protocol, direction, intervals), EndFigures.read(end, protocol, direction, side),
                    intervals);
        }

        /**
         * The scenario as the output states it: {@code test_start}'s figures, the tool the version names, and the
         * interval iperf3 3.16+ writes there (older ones: the first interval's length, to 0.1 s; none printed
         * means {@code -i 0}).
         */
        private static Scenario scenario(JsonPath start, Protocol protocol, Direction direction,
                                         List<IntervalSample> intervals) {
            JsonPath testStart = start.requireObject("test_start");
            long target = testStart.has("target_bitrate") ? testStart.requireLong("target_bitrate") : 0;
            double interval = testStart.has("interval") ? testStart.requireDouble("interval")
                    : intervals.isEmpty() ? Scenario.NO_INTERVALS
                    : Math.max(0.1, Math.round((intervals.get(0).end() - intervals.get(0).start()) * 10) / 10.0);
            return Scenario.of(protocol, direction).streams(testStart.requireInt("num_streams"))
                    .durationSeconds(testStart.requireInt("duration")).intervalSeconds(interval)
                    .omitSeconds(testStart.has("omit") ? testStart.requireInt("omit") : 0)
                    .targetBitsPerSecond(target > 0 ? target : null).tool(Scenario.toolOf(toolVersion(start))).build();
        }

        /**
         * A client stopped before its test began leaves iperf3's {@code start} without {@code test_start}, no
         * interval and (when nothing else went wrong) no {@code error}: iperf3's output, with nothing in it to keep.
         */
        private void requireSomethingMeasured(JsonPath start) {
            boolean noIntervals = !root.has("intervals")
                    || (root.node().get("intervals").isArray() && root.node().get("intervals").isEmpty());
            if (!start.has("test_start") && noIntervals) {
                String version = toolVersion(start);
                throw new Iperf3MeasuredNothing("This iperf3" + (version == null ? "" : " " + version) + " output "
                        + "has no test_start and no interval: its client stopped before the test began, so there is "
                        + "no figure to store. Run the test again and let it finish.");
            }
        }

        Iperf3Result readPartial() {
            if (!root.has("intervals") || root.requireArray("intervals").size() == 0) {
                throw PartialFigures.nothingMeasured();
            }
            JsonPath start = root.requireObject("start");
            JsonPath testStart = start.requireObject("test_start");
            JsonPath end = root.has("end") ? root.requireObject("end")
                    : JsonPath.root(JsonNodeFactory.instance.objectNode());
            Protocol protocol = protocol(testStart);
            Direction direction = direction(testStart, end);
            OutputSide side = isClientOutput(start) ? OutputSide.CLIENT : OutputSide.SERVER;
            List<IntervalSample> intervals = intervals(direction, side == OutputSide.CLIENT);
            return Iperf3Result.partial(format, side, toolVersion(start), serverTool(), startedAt(start),
                    scenario(start, protocol, direction, intervals), intervals);
        }

        /**
         * The writer's own intervals, then the other end's when iperf3 ran with {@code --get-server-output} against a
         * {@code -J} server: for an upload those are the receiver's, the only rows that say what arrived.
         */
        private List<IntervalSample> intervals(Direction direction, boolean clientOutput) {
            List<IntervalSample> samples = new ArrayList<>(
                    new IntervalReader(root.requireArray("intervals"), direction, clientOutput).read());
            if (root.has("server_output_json") && root.node().get("server_output_json").isObject()) {
                JsonPath server = root.requireObject("server_output_json");
                if (server.has("intervals")) {
                    samples.addAll(new IntervalReader(server.requireArray("intervals"), direction, !clientOutput)
                            .read());
                }
            }
            return samples;
        }

        private static Protocol protocol(JsonPath testStart) {
            String name = testStart.requireString("protocol");
            // iperf3 measures throughput only: a request/response protocol is the engine's rr output, never iperf3's
            if (Protocol.TCP.name().equals(name) || Protocol.UDP.name().equals(name)) {
                return Protocol.valueOf(name);
            }
            throw new Iperf3FormatException(testStart.path() + ".protocol is '" + name
                    + "'; Burstline reads TCP and UDP runs");
        }

        /**
         * 3.12 and 3.7-3.10 have no {@code test_start.bidir}; their bidirectional output is known by the reverse
         * sums (before 3.11 the repeated ones, read under the same names; UDP before 3.11 has only {@code sum}).
         */
        private static Direction direction(JsonPath testStart, JsonPath end) {
            boolean bidir = (testStart.has("bidir") && testStart.requireLong("bidir") != 0)
                    || end.has("sum_sent_bidir_reverse") || end.has("sum_bidir_reverse");
            if (bidir) {
                return Direction.BIDIR;
            }
            boolean reverse = testStart.has("reverse") && testStart.requireLong("reverse") != 0;
            return reverse ? Direction.DOWNLOAD : Direction.UPLOAD;
        }

        /** The server writes {@code accepted_connection}, the client {@code connecting_to}. */
        private static boolean isClientOutput(JsonPath start) {
            return !start.has("accepted_connection");
        }

        private static String toolVersion(JsonPath start) {
            String version = start.optionalString("version");
            return version == null ? null : trimmed(version);
        }

        private static String trimmed(String version) {
            return version.startsWith("iperf ") ? version.substring("iperf ".length()).strip() : version.strip();
        }

        /**
         * Which program served the test, from the server's report the client carried: the version in
         * {@code server_output_json}; for {@code server_output_text}, the engine's name and version on its first line
         * (or iperf3's, from {@code iperf3 -s -V}), else stock iperf3 of unknown version. Null when the output holds
         * neither, or a JSON report that names no version: then it is not known.
         */
        private ServerTool serverTool() {
            JsonNode json = root.node().get("server_output_json");
            if (json != null && json.isObject()) {
                JsonNode version = json.path("start").path("version");
                return version.isString() ? new ServerTool(trimmed(version.stringValue())) : null;
            }
            JsonNode text = root.node().get("server_output_text");
            if (text == null || !text.isString()) {
                return null;
            }
            String first = text.stringValue().lines().findFirst().orElse("").strip();
            return NAMED_TEXT.matcher(first).matches() ? new ServerTool(trimmed(first)) : new ServerTool(null);
        }

        private static Instant startedAt(JsonPath start) {
            if (!start.has("timestamp")) {
                return null;
            }
            JsonPath timestamp = start.requireObject("timestamp");
            if (timestamp.has("timemillisecs")) {
                return Instant.ofEpochMilli(timestamp.requireLong("timemillisecs"));
            }
            return timestamp.has("timesecs") ? Instant.ofEpochSecond(timestamp.requireLong("timesecs")) : null;
        }
    }
}
