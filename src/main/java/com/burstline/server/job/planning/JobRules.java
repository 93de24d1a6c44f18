package com.burstline.server.job.planning;

import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.Limit;
import com.burstline.contract.Scenario;
import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.server.probe.ProbeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Checks a job request against the contract's scenario limits ({@link Scenario}), the same the agents enforce, so
 * that a job the server accepts is one the agents will run. Collects every problem, so a person can fix them all
 * at once.
 */
public final class JobRules {
    public static final int MAX_SCENARIOS = 50;
    /** A job holds its hosts until it ends: it may hold them at most this much. */
    public static final int MAX_EXPANDED_SCENARIOS = 1_000;
    public static final int MAX_PLANNED_SECONDS = 24 * 3600;
    public static final int MAX_REPEAT = 100;
    public static final int MAX_TAGS = 20;
    public static final int MAX_TAG = 64;
    /** As a run's labels allow ({@code MetadataRules}): a job's labels become its runs'. */
    public static final int MAX_DRIVER = 200;
    public static final int MAX_INSTANCE_TYPE = 64;

    private final List<Problem> problems = new ArrayList<>();

    private JobRules() {
    }

    /** A check without burst probes: a cool-down "auto" is refused for want of one. */
    public static PlannedJob check(JobRequest request, Predicate<String> agentExists) {
        return check(request, agentExists, host -> List.of());
    }

    /** @param latestProbes a host's latest burst probes, for a cool-down "auto" ({@link AutoCoolDown}) */
    public static PlannedJob check(JobRequest request, Predicate<String> agentExists,
                            Function<String, List<ProbeView>> latestProbes) {
        JobRules rules = new JobRules();
        DesignRules.Design design = new DesignRules(rules.problems).check(request, agentExists);
        List<Scenario> scenarios = rules.scenarios(request);
        AutoCoolDown.Estimate auto = !design.autoCoolDown() ? null
                : AutoCoolDown.of(design.pairs(), scenarios, latestProbes, rules.problems).orElse(null);
        int repeat = rules.bounded(null, new Limit("repeat", 1, MAX_REPEAT), request.repeat(), 1);
        Integer duration = request.durationSeconds() == null ? null
                : rules.bounded(null, Scenario.DURATION, request.durationSeconds(), 1);
        // an invalid duration fails the job below; until then the scenarios keep their own
        Integer validDuration = duration != null && Scenario.DURATION.problem("", duration) == null ? duration : null;
        boolean stop = rules.stopOnFailure(request.onFailure());
        JobLabels labels = rules.labels(request.labels());
        List<String> tags = rules.tags(concat(request.tags(), labels.tags()));
        String plan = request.scenarios() != null ? null
                : BurstProbePlan.NAME.equals(request.plan()) ? BurstProbePlan.NAME : StandardPlan.NAME;
        PlannedJob planned = new PlannedJob(design.pairs(), design.order(), design.seed(),
                auto == null ? design.coolDownSeconds() : auto.seconds(), auto, plan, repeat, tags, duration, stop,
                scenarios.stream().map(scenario -> scenario == null ? null : scenario.withDuration(validDuration))
                        .toList(),
                new JobLabels(labels.driver(), labels.instanceType(), tags), request.runsLatencyProbe());
        if (rules.problems.isEmpty()) {
            rules.size(planned);
        }
        if (!rules.problems.isEmpty()) {
            throw new InvalidJobException(rules.problems);
        }
        return planned;
    }

    /** Counted as the job will run: every pair, every repetition, and the cool-downs its order waits for. */
    private void size(PlannedJob planned) {
        long expanded = (long) planned.scenarios().size() * planned.repeat() * planned.pairs().size();
        if (expanded > MAX_EXPANDED_SCENARIOS) {
            problems.add(Problem.of("a job runs at most " + MAX_EXPANDED_SCENARIOS + " scenarios (scenarios × repeat "
                    + "× pairs); this one would run " + expanded));
        }
        long seconds = PlannedTime.seconds(planned.ordered(), planned.pairs(), planned.coolDownSeconds());
        if (seconds > MAX_PLANNED_SECONDS) {
            problems.add(Problem.of("a job plans at most 24 h of measuring and waiting (duration + omit of every "
                    + "scenario × repeat × pairs, and the cool-downs between scenarios on the same host); this one plans "
                    + String.format(java.util.Locale.ROOT, "%.1f", seconds / 3600.0) + " h"));
        }
    }

    private List<Scenario> scenarios(JobRequest request) {
        if (request.scenarios() != null && request.plan() != null) {
            problems.add(Problem.of("give either a plan or a list of scenarios, not both"));
            return List.of();
        }
        if (request.scenarios() == null && BurstProbePlan.NAME.equals(request.plan())) {
            return BurstProbePlan.scenarios(request, problems);
        }
        BurstProbePlan.refuseOutside(request, problems);
        if (request.scenarios() == null) {
            if (!StandardPlan.NAME.equals(request.plan())) {
                problems.add(Problem.at(null, null, "plan", "must be 'standard' or '" + BurstProbePlan.NAME + "' (or "
                        + "give a list of scenarios instead), not " + (request.plan() == null ? "missing"
                        : "'" + request.plan() + "'")));
            }
            return StandardPlan.scenarios();
        }
        if (request.scenarios().isEmpty() || request.scenarios().size() > MAX_SCENARIOS) {
            problems.add(Problem.at(null, null, "scenarios", "must list 1 to " + MAX_SCENARIOS + " scenarios, not "
                    + request.scenarios().size()));
        }
        List<Scenario> planned = new ArrayList<>();
        for (int i = 0; i < request.scenarios().size(); i++) {
            planned.add(scenario(i, request.scenarios().get(i), request.durationSeconds()));
        }
        return planned;
    }

    private Scenario scenario(int row, JobRequest.ScenarioRequest scenario, Integer durationOverride) {
        String at = "scenarios[" + row + "].";
        if (scenario == null) {
            problems.add(Problem.of(at + " is empty"));
            return null;
        }
        if (scenario.protocol() != null && RequestResponseRequests.named(scenario.protocol())) {
            return RequestResponseRequests.scenario(row, scenario, durationOverride, problems);
        }
        int before = problems.size();
        Protocol protocol = protocol(row, scenario.protocol());
        Direction direction = direction(row, scenario.direction());
        int streams = bounded(row, Scenario.STREAMS, scenario.streams(), 1);
        int duration = durationOverride != null ? durationOverride : scenario.durationSeconds() == null
                ? missing(row, "durationSeconds", at + "durationSeconds (or a durationSeconds for the whole job)")
                : bounded(row, Scenario.DURATION, scenario.durationSeconds(), 1);
        double interval = scenario.intervalSeconds() == null ? Scenario.DEFAULT_INTERVAL
                : scenario.intervalSeconds();
        problem(Problem.range(row, null, Scenario.INTERVAL, interval));
        int omit = bounded(row, Scenario.OMIT, scenario.omitSeconds(), 0);
        if (scenario.messageBytes() != null) {
            problems.add(Problem.at(row, null, "messageBytes", "is for " + Protocol.UDP_RR + " and "
                    + Protocol.TCP_RR + " only"));
        }
        Long target = scenario.targetBitsPerSecond();
        if (target == null && protocol == Protocol.UDP) {
            problems.add(Problem.needsTarget(row, at + Scenario.UDP_NEEDS_TARGET));
        } else if (target != null) {
            problem(Problem.range(row, null, Scenario.TARGET, target));
        }
        String tool = tool(row, scenario.tool());
        // Only a scenario without problems is made: the contract's checks would refuse the others one at a time,
        // where the person asking is owed all of them at once. A bad job-wide duration is reported by check.
        if (problems.size() > before || Scenario.DURATION.problem("", duration) != null) {
            return null;
        }
        return Scenario.of(protocol, direction).streams(streams).durationSeconds(duration).intervalSeconds(interval)
                .omitSeconds(omit).targetBitsPerSecond(target).tool(tool).build()
                .bounded();
    }

    private String tool(int row, String value) {
        if (value == null) {
            return Scenario.TOOL_AUTO;
        }
        if (Scenario.TOOLS.contains(value) || Scenario.TOOL_ENGINE_FORMER_NAME.equals(value)) {
            return Scenario.checkTool(value);
        }
        problems.add(Problem.at(row, null, "tool", "must be one of " + Scenario.TOOLS.stream().sorted().toList()
                + ", not '" + value + "'"));
        return value;
    }

    private Protocol protocol(int row, String value) {
        try {
            return Protocol.fromName(value);
        } catch (IllegalArgumentException unknown) {
            problems.add(Problem.at(row, null, "protocol", Protocol.problem(value).substring("protocol ".length())));
            return Protocol.TCP;
        }
    }

    private Direction direction(int row, String value) {
        try {
            return value == null ? Direction.UPLOAD : Direction.fromApiName(value);
        } catch (IllegalArgumentException unknown) {
            problems.add(Problem.at(row, null, "direction", "must be upload, download or bidir, not '" + value
                    + "'"));
            return Direction.UPLOAD;
        }
    }

    private boolean stopOnFailure(String onFailure) {
        if (onFailure == null || "continue".equals(onFailure)) {
            return false;
        }
        if (!"stop".equals(onFailure)) {
            problems.add(Problem.at(null, null, "onFailure", "must be 'continue' or 'stop', not '" + onFailure
                    + "'"));
        }
        return true;
    }

    /** The labels' text checked as a run's would be; their tags are checked with the job's. */
    private JobLabels labels(JobLabels labels) {
        if (labels == null) {
            return JobLabels.none();
        }
        labelText("labels.", labels);
        return labels;
    }

    /**
     * New labels for a job and its runs ({@code PATCH /api/v1/jobs/{id}/labels}), checked as a new job's are.
     *
     * @return the labels with their tags cleaned as a job's
     * @throws InvalidJobException naming each field at fault
     */
    public static JobLabels checkLabels(JobLabels labels) {
        JobRules rules = new JobRules();
        rules.labelText("", labels);
        List<String> tags = rules.tags(labels.tags());
        if (!rules.problems.isEmpty()) {
            throw new InvalidJobException(rules.problems);
        }
        return new JobLabels(labels.driver(), labels.instanceType(), tags);
    }

    private void labelText(String prefix, JobLabels labels) {
        label(prefix + "driver", labels.driver(), MAX_DRIVER, "ENA ARM64 2.2.1");
        label(prefix + "instanceType", labels.instanceType(), MAX_INSTANCE_TYPE, "t4g.large");
    }

    private void label(String field, String value, int maxLength, String example) {
        if (value != null && (value.length() > maxLength || value.chars().anyMatch(Character::isISOControl))) {
            problems.add(Problem.at(null, null, field, "must be at most " + maxLength + " characters without line "
                    + "breaks, e.g. '" + example + "'; it is " + value.length() + " characters long"));
        }
    }

    private static List<String> concat(List<String> tags, List<String> more) {
        List<String> all = new ArrayList<>(tags == null ? List.of() : tags);
        all.addAll(more);
        return all;
    }

    private List<String> tags(List<String> tags) {
        List<String> clean = tags == null ? List.of() : tags.stream()
                .filter(tag -> tag != null && !tag.isBlank()).map(String::strip).distinct().sorted().toList();
        if (clean.size() > MAX_TAGS) {
            problems.add(Problem.of("at most " + MAX_TAGS + " tags per job, not " + clean.size()));
        }
        for (String tag : clean) {
            if (tag.length() > MAX_TAG || tag.chars().anyMatch(Character::isISOControl)) {
                problems.add(Problem.of("tag '" + tag + "' must be at most " + MAX_TAG + " characters without line "
                        + "breaks"));
            }
        }
        return clean;
    }

    private int bounded(Integer row, Limit limit, Integer value, int fallback) {
        if (value == null) {
            return fallback;
        }
        problem(Problem.range(row, null, limit, value));
        return value;
    }

    private void problem(Problem problem) {
        if (problem != null) {
            problems.add(problem);
        }
    }

    private int missing(int row, String field, String name) {
        problems.add(Problem.missing(row, field, name + " is missing"));
        return 1;
    }
}
