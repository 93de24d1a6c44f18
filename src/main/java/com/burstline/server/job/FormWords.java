package com.burstline.server.job;

import com.burstline.contract.Limit;
import com.burstline.contract.Scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The job rules' problems in the "New job" form's words: its labels, its row numbers and its units. The rules speak
 * the API's field names ({@code scenarios[0].targetBitsPerSecond}), which a person filling in the form never saw;
 * the API keeps them, only the page translates.
 */
final class FormWords {
    static final String TARGET = "Target (Mbit/s)";
    static final String DURATION = "Duration of every scenario (s)";
    private static final Pattern SCENARIO = Pattern.compile("^scenarios\\[(\\d+)]\\.(.*)$", Pattern.DOTALL);
    private static final Pattern PAIR = Pattern.compile("^pairs\\[(\\d+)]\\.?(.*)$", Pattern.DOTALL);
    private static final Pattern OUT_OF_RANGE = Pattern.compile("^targetBitsPerSecond must be between .*, not (\\S+)$");
    private static final Map<String, String> ROW_FIELDS = fields(
            "protocol", "Protocol", "direction", "Direction", "streams", "Streams", "durationSeconds", "Seconds",
            "intervalSeconds", "Interval (s)", "omitSeconds", "Omit (s)", "targetBitsPerSecond", TARGET,
            "tool", "Tool");
    // longest first where one name ends another: maxDurationSeconds before durationSeconds
    private static final Map<String, String> FIELDS = fields(
            "labels.driver", "Driver label", "labels.instanceType", "Instance type label",
            "coolDownSeconds", "Cool-down (s)", "maxDurationSeconds", DURATION + " (the burst probe's maximum)",
            "durationSeconds", DURATION, "repeat", "Repeats", "seed", "Seed", "order", "Order",
            "onFailure", "When a scenario fails", "sut", "SUT", "peer", "Peer");

    /** Index {@code i} of the posted scenarios is the form's row {@code rows.get(i)} (from 0). */
    private final List<Integer> rows;
    /** Index {@code i} of the posted pairs is the form's pair {@code pairs.get(i)} (from 1). */
    private final List<Integer> pairs;

    FormWords(List<Integer> rows, List<Integer> pairs) {
        this.rows = rows;
        this.pairs = pairs;
    }

    List<String> translate(List<String> problems) {
        return problems.stream().map(this::translate).map(problem -> problem
                .replace("(see GET /api/v1/agents)", "(see Agents)")).toList();
    }

    private String translate(String problem) {
        Matcher scenario = SCENARIO.matcher(problem);
        if (scenario.matches()) {
            int index = Integer.parseInt(scenario.group(1));
            return "Row " + (index < rows.size() ? rows.get(index) + 1 : index + 1) + ": " + row(scenario.group(2));
        }
        Matcher pair = PAIR.matcher(problem);
        if (pair.matches()) {
            int index = Integer.parseInt(pair.group(1));
            String rest = pair.group(2).replace(pairPath(index), "");
            String named = "Pair " + (index < pairs.size() ? pairs.get(index) : index + 1);
            return problem.startsWith(pairPath(index)) ? named + ": " + field(rest, FIELDS) : named + rest;
        }
        return field(problem, FIELDS);
    }

    private static String pairPath(int index) {
        return "pairs[" + index + "].";
    }

    private static String row(String problem) {
        if (problem.startsWith("durationSeconds (or a durationSeconds for the whole job) is missing")) {
            return "Seconds is missing: give them in the row, or a " + DURATION;
        }
        if (problem.equals(Scenario.UDP_NEEDS_TARGET)) {
            return JobForm.UDP_NEEDS_TARGET;
        }
        Matcher outOfRange = OUT_OF_RANGE.matcher(problem);
        if (outOfRange.matches()) {
            Limit inMbps = new Limit(TARGET, Scenario.TARGET.min() / 1e6, Scenario.TARGET.max() / 1e6);
            String inForm = inMbps.problem("", Double.parseDouble(outOfRange.group(1)) / 1e6);
            return inForm == null ? problem : inForm;
        }
        return field(problem, ROW_FIELDS);
    }

    /** The problem with its leading API field name replaced by the form's label. */
    private static String field(String problem, Map<String, String> names) {
        for (Map.Entry<String, String> name : names.entrySet()) {
            if (problem.startsWith(name.getKey() + " ") || problem.startsWith(name.getKey() + ":")) {
                return name.getValue() + problem.substring(name.getKey().length());
            }
        }
        return problem;
    }

    private static Map<String, String> fields(String... pairs) {
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            names.put(pairs[i], pairs[i + 1]);
        }
        return names;
    }
}
