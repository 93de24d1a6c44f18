package com.burstline.server.job;

import java.util.ArrayList;
import java.util.List;

/**
 * The "New job" form as the browser sends it: text fields, and one value per custom scenario row for each column.
 * {@link #toRequest()} turns it into the same {@link JobRequest} the API takes, so both are checked by the same rules.
 */
record JobForm(String sut, String peer, String plan, String durationSeconds, String repeat, String tags,
               String onFailure, List<String> protocol, List<String> direction, List<String> streams,
               List<String> scenarioSeconds, List<String> intervalSeconds, List<String> targetMbps) {
    static final int ROWS = 4;

    static JobForm empty() {
        List<String> blank = List.of("", "", "", "");
        return new JobForm(null, null, StandardPlan.NAME, "", "1", "", "continue", blank,
                List.of("upload", "upload", "upload", "upload"), List.of("1", "1", "1", "1"), blank,
                List.of("1", "1", "1", "1"), blank);
    }

    /** What a custom scenario row shows in this column: what was sent, or nothing. */
    public String cell(String column, int row) {
        List<String> values = switch (column) {
            case "protocol" -> protocol;
            case "direction" -> direction;
            case "streams" -> streams;
            case "scenarioSeconds" -> scenarioSeconds;
            case "intervalSeconds" -> intervalSeconds;
            case "targetMbps" -> targetMbps;
            default -> throw new IllegalArgumentException("no column " + column);
        };
        String value = value(values, row);
        return value == null ? "" : value;
    }

    JobRequest toRequest() {
        List<String> problems = new ArrayList<>();
        List<JobRequest.ScenarioRequest> scenarios = "custom".equals(plan) ? scenarios(problems) : null;
        Integer duration = number(problems, "duration", durationSeconds);
        Integer times = number(problems, "repeats", repeat);
        if (!problems.isEmpty()) {
            throw new InvalidJobException(problems);
        }
        List<String> tagList = tags == null ? List.of() : List.of(tags.split(","));
        if (BurstProbePlan.NAME.equals(plan)) {
            return new JobRequest(sut, peer, plan, null, times, tagList, null, onFailure, null, duration);
        }
        return new JobRequest(sut, peer, scenarios == null ? StandardPlan.NAME : null, scenarios, times, tagList,
                duration, onFailure);
    }

    private List<JobRequest.ScenarioRequest> scenarios(List<String> problems) {
        List<JobRequest.ScenarioRequest> rows = new ArrayList<>();
        for (int i = 0; i < size(protocol); i++) {
            if (value(protocol, i) == null) {
                continue;
            }
            String row = "scenario row " + (i + 1) + ": ";
            Integer targetInMbps = number(problems, row + "target Mbit/s", value(targetMbps, i));
            Double interval = decimal(problems, row + "interval", value(intervalSeconds, i));
            rows.add(new JobRequest.ScenarioRequest(value(protocol, i), value(direction, i),
                    number(problems, row + "streams", value(streams, i)),
                    number(problems, row + "seconds", value(scenarioSeconds, i)), interval, null,
                    targetInMbps == null ? null : targetInMbps * 1_000_000L));
        }
        if (rows.isEmpty()) {
            problems.add("a custom plan needs at least one scenario row with a protocol");
        }
        return rows;
    }

    private static int size(List<String> values) {
        return values == null ? 0 : values.size();
    }

    private static String value(List<String> values, int i) {
        return values == null || i >= values.size() || values.get(i).isBlank() ? null : values.get(i).strip();
    }

    private static Integer number(List<String> problems, String name, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            problems.add(name + " must be a whole number, not '" + text + "'");
            return null;
        }
    }

    private static Double decimal(List<String> problems, String name, String text) {
        if (text == null) {
            return null;
        }
        try {
            return Double.valueOf(text);
        } catch (NumberFormatException e) {
            problems.add(name + " must be a number of seconds, not '" + text + "'");
            return null;
        }
    }
}
