package com.burstline.server.job;

import com.burstline.contract.Limit;
import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.Problem;

import java.util.List;
import java.util.Map;

/**
 * The job rules' problems in the "New job" form's words: its labels, its row numbers and its units, made from each
 * problem's data ({@link Problem}: field, row, pair, limit, value), never from the API's sentence. The rules speak
 * the API's field names ({@code scenarios[0].targetBitsPerSecond}), which a person filling in the form never saw.
 */
final class FormWords {
    static final String TARGET = "Target (Mbit/s)";
    static final String DURATION = "Duration of every scenario (s)";
    private static final Map<String, String> ROW_FIELDS = Map.of("protocol", "Protocol", "direction", "Direction",
            "streams", "Streams", "durationSeconds", "Seconds", "intervalSeconds", "Interval (s)", "omitSeconds",
            "Omit (s)", "targetBitsPerSecond", TARGET, "tool", "Tool");
    private static final Map<String, String> FIELDS = Map.ofEntries(Map.entry("labels.driver", "Driver label"),
            Map.entry("labels.instanceType", "Instance type label"), Map.entry("coolDownSeconds", "Cool-down (s)"),
            Map.entry("maxDurationSeconds", DURATION + " (the burst probe's maximum)"),
            Map.entry("durationSeconds", DURATION), Map.entry("repeat", "Repeats"), Map.entry("seed", "Seed"),
            Map.entry("order", "Order"), Map.entry("onFailure", "When a scenario fails"), Map.entry("sut", "SUT"),
            Map.entry("peer", "Peer"));

    /** Index {@code i} of the posted scenarios is the form's row {@code rows.get(i)} (from 0). */
    private final List<Integer> rows;
    /** Index {@code i} of the posted pairs is the form's pair {@code pairs.get(i)} (from 1). */
    private final List<Integer> pairs;

    FormWords(List<Integer> rows, List<Integer> pairs) {
        this.rows = rows;
        this.pairs = pairs;
    }

    List<String> translate(List<Problem> problems) {
        return problems.stream().map(this::words).toList();
    }

    private String words(Problem problem) {
        if (problem.field() == null) {
            return problem.text();
        }
        String label = (problem.row() != null ? ROW_FIELDS : FIELDS).getOrDefault(problem.field(), problem.field());
        return where(problem) + switch (problem.kind()) {
            case OUT_OF_RANGE -> outOfRange(label, problem.limit(), problem.value());
            case MISSING -> problem.row() != null && "durationSeconds".equals(problem.field())
                    ? "Seconds is missing: give them in the row, or a " + DURATION : label + " is missing";
            case NEEDS_TARGET -> JobForm.UDP_NEEDS_TARGET;
            case NO_AGENT -> label + " is missing: give the name of a registered agent (see Agents)";
            case UNKNOWN_AGENT -> label + ": no agent named '" + problem.message() + "' is registered (see Agents)";
            case OTHER -> label + " " + problem.message();
        };
    }

    private String where(Problem problem) {
        if (problem.row() != null) {
            return "Row " + (problem.row() < rows.size() ? rows.get(problem.row()) + 1 : problem.row() + 1) + ": ";
        }
        if (problem.pair() != null) {
            return "Pair " + (problem.pair() < pairs.size() ? pairs.get(problem.pair()) : problem.pair() + 1) + ": ";
        }
        return "";
    }

    /** The bound in the form's units: the target in Mbit/s, as its column takes it. */
    private static String outOfRange(String label, Limit limit, double value) {
        boolean target = Scenario.TARGET.field().equals(limit.field());
        double scale = target ? 1e6 : 1;
        return new Limit(label, limit.min() / scale, limit.max() / scale).problem("", value / scale);
    }
}
