package com.burstline.server.job;

import com.burstline.contract.Protocol;

import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.job.planning.CoolDownRequest;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.job.planning.Problem;
import com.burstline.server.job.planning.RunOrder;
import com.burstline.server.job.planning.StandardPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The "New job" form as the browser sends it: text fields, one value per custom scenario row for each column, and
 * the first pair ({@code sut}, {@code peer}) with up to {@link #EXTRA_PAIRS} more pair rows ({@code pairSut},
 * {@code pairPeer}), and the labels every run gets ({@code driver}, {@code instanceType}; the tags are the job's).
 * {@link #toRequest()} turns it into the same {@link JobRequest} the API takes, so both are checked by the same
 * rules.
 */
record JobForm(String sut, String peer, String plan, String durationSeconds, String repeat, String tags,
               String onFailure, List<String> protocol, List<String> direction, List<String> streams,
               List<String> scenarioSeconds, List<String> intervalSeconds, List<String> targetMbps,
               List<String> tool, List<String> pairSut, List<String> pairPeer, String order, String seed,
               String coolDownSeconds, String driver, String instanceType) {
    /** As many as the standard plan has scenarios, so that it can be copied into them and changed. */
    static final int ROWS = com.burstline.server.job.planning.StandardPlan.scenarios().size();
    static final int EXTRA_PAIRS = 3;
    static final String UDP_NEEDS_TARGET = FormWords.TARGET + " is needed for UDP (iperf3 -b), e.g. 1000 for "
            + "1 Gbit/s";

    static JobForm empty() {
        List<String> blank = Collections.nCopies(ROWS, "");
        return new JobForm(null, null, StandardPlan.NAME, "", "1", "", "continue", blank,
                Collections.nCopies(ROWS, "upload"), Collections.nCopies(ROWS, "1"), blank,
                Collections.nCopies(ROWS, "1"), blank, Collections.nCopies(ROWS, "auto"),
                Collections.nCopies(EXTRA_PAIRS, ""), Collections.nCopies(EXTRA_PAIRS, ""),
                RunOrder.SEQUENTIAL.apiName(), "", "0", "", "");
    }

    /** The job rules' problems about what this form posted, in the form's labels, rows and units. */
    List<String> inFormWords(List<Problem> problems) {
        boolean custom = "custom".equals(plan);
        List<Integer> rows = IntStream.range(0, size(protocol)).filter(i -> custom && value(protocol, i) != null)
                .boxed().toList();
        List<Integer> pairRows = new ArrayList<>(List.of(1));
        extraPairRows().forEach(i -> pairRows.add(i + 2));
        return new FormWords(rows, pairRows).translate(problems);
    }

    /** The custom rows the form shows, numbered from 0. */
    public List<Integer> rowIndexes() {
        return IntStream.range(0, ROWS).boxed().toList();
    }

    /** The agent chosen in an extra pair row ({@code pairSut} or {@code pairPeer}), or nothing. */
    public String pairCell(String column, int row) {
        String value = value("pairSut".equals(column) ? pairSut : pairPeer, row);
        return value == null ? "" : value;
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
            case "tool" -> tool;
            default -> throw new IllegalArgumentException("no column " + column);
        };
        String value = value(values, row);
        return value == null ? "" : value;
    }

    JobRequest toRequest() {
        List<String> problems = new ArrayList<>();
        boolean custom = "custom".equals(plan);
        if (!custom && IntStream.range(0, size(protocol)).anyMatch(i -> value(protocol, i) != null)) {
            // the rows on screen are what a person expects to run: never run another plan instead, silently
            problems.add("you filled in scenario rows, but the plan is “" + (BurstProbePlan.NAME.equals(plan)
                    ? "Burst probe" : "Standard") + "”: choose “Custom scenarios” to run your rows, or set their "
                    + "protocol back to “—” to run the plan");
        }
        List<JobRequest.ScenarioRequest> scenarios = custom ? scenarios(problems) : null;
        Integer duration = number(problems, FormWords.DURATION, durationSeconds);
        Integer times = number(problems, "Repeats", repeat);
        CoolDownRequest coolDown = coolDown(problems);
        Long seedNumber = seed == null || seed.isBlank() ? null : wholeNumber(problems, "Seed", seed);
        List<JobRequest.PairRequest> pairs = pairs();
        if (!problems.isEmpty()) {
            throw new InvalidJobException(problems.stream().map(Problem::of).toList());
        }
        List<String> tagList = tags == null ? List.of() : List.of(tags.split(","));
        boolean randomized = RunOrder.RANDOMIZED.apiName().equals(order);
        boolean probe = BurstProbePlan.NAME.equals(plan);
        // The probe's "duration" is its maximum: it runs until the rate drops.
        return new JobRequest(pairs == null ? chosen(sut) : null, pairs == null ? chosen(peer) : null,
                probe ? plan : scenarios == null ? StandardPlan.NAME : null, scenarios, times, tagList,
                probe ? null : duration, onFailure, pairs, order, randomized ? seedNumber : null,
                coolDown, null, probe ? duration : null, new JobLabels(driver, instanceType, List.of()));
    }

    /** A number of seconds, or the word "auto" ({@link AutoCoolDown}). */
    private CoolDownRequest coolDown(List<String> problems) {
        if (coolDownSeconds != null && CoolDownRequest.AUTO.equalsIgnoreCase(coolDownSeconds.strip())) {
            return CoolDownRequest.auto();
        }
        Integer seconds = number(problems, "Cool-down (s)", coolDownSeconds);
        return seconds == null ? null : CoolDownRequest.ofSeconds(seconds);
    }

    /** Null for a job of one pair; else the first pair and every extra row with an agent chosen. */
    private List<JobRequest.PairRequest> pairs() {
        List<JobRequest.PairRequest> pairs = new ArrayList<>();
        pairs.add(new JobRequest.PairRequest(chosen(sut), chosen(peer)));
        extraPairRows().forEach(i -> pairs.add(new JobRequest.PairRequest(value(pairSut, i), value(pairPeer, i))));
        return pairs.size() == 1 ? null : pairs;
    }

    /** The extra pair rows (from 0) with an agent chosen: the posted pairs after the first. */
    private List<Integer> extraPairRows() {
        return IntStream.range(0, Math.max(size(pairSut), size(pairPeer)))
                .filter(i -> value(pairSut, i) != null || value(pairPeer, i) != null).boxed().toList();
    }

    private List<JobRequest.ScenarioRequest> scenarios(List<String> problems) {
        List<JobRequest.ScenarioRequest> rows = new ArrayList<>();
        for (int i = 0; i < size(protocol); i++) {
            if (value(protocol, i) == null) {
                continue;
            }
            String row = "Row " + (i + 1) + ": ";
            Double targetInMbps = decimal(problems, row + FormWords.TARGET, value(targetMbps, i), "a number");
            if (Protocol.UDP.name().equals(value(protocol, i)) && value(targetMbps, i) == null) {
                problems.add(row + UDP_NEEDS_TARGET);
            }
            Double interval = decimal(problems, row + "Interval (s)", value(intervalSeconds, i),
                    "a number of seconds");
            rows.add(new JobRequest.ScenarioRequest(value(protocol, i), value(direction, i),
                    number(problems, row + "Streams", value(streams, i)),
                    number(problems, row + "Seconds", value(scenarioSeconds, i)), interval, null,
                    targetInMbps == null ? null : Math.round(targetInMbps * 1_000_000), value(tool, i)));
        }
        if (rows.isEmpty()) {
            problems.add("a custom plan needs at least one scenario row with a protocol");
        }
        return rows;
    }

    /** "choose…" sends an empty agent: that is no agent, not two equal ones. */
    private static String chosen(String agent) {
        return agent == null || agent.isBlank() ? null : agent;
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

    private static Long wholeNumber(List<String> problems, String name, String text) {
        try {
            return Long.valueOf(text.strip());
        } catch (NumberFormatException e) {
            problems.add(name + " must be a whole number, not '" + text + "'");
            return null;
        }
    }

    private static Double decimal(List<String> problems, String name, String text, String what) {
        if (text == null) {
            return null;
        }
        try {
            double number = Double.parseDouble(text);
            if (Double.isFinite(number)) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(name + " must be " + what + ", not '" + text + "'");
        return null;
    }
}
