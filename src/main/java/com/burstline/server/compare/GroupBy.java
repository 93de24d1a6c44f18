package com.burstline.server.compare;

import com.burstline.server.run.RunPairs;
import com.burstline.server.run.RunSummary;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the runs of a comparison are grouped by; the API names are part of the API. Uploads have no job. */
public enum GroupBy {
    DRIVER("driver"),
    INSTANCE_TYPE("instanceType"),
    SUT("sut"),
    TAG("tag"),
    /** The job that measured the runs; group names (and the {@code job} filter's values) are job ids. */
    JOB("job"),
    /** The two agents, "SUT/peer" ({@link RunPairs}): the pairs of a job with several compare directly. */
    PAIR("pair"),
    /**
     * Upload against download: each scenario is set beside its twin in the other direction (same protocol, streams,
     * target and pair). A --bidir run measured both at once and is no one's twin, so it is left out.
     */
    DIRECTION("direction"),
    /**
     * A host configuration fact ({@code fact=nic.mtu}, the SUT's; {@code fact=peer:nic.mtu}, the peer's): "does 4
     * queues beat 2?" asked the way "does driver B beat A?" is. The values are looked up per run
     * ({@code Comparisons}); a run whose host did not tell the fact forms the group {@value #NONE}.
     */
    CONFIG("config");

    /** Shown where a run has no value for the dimension, so that such runs still form a group of their own. */
    static final String NONE = "(none)";

    private final String apiName;

    GroupBy(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    /** The groups a run belongs to: one, except a run with several tags, which counts in each tag's group. */
    public List<String> keysOf(RunSummary run) {
        return switch (this) {
            case DRIVER -> List.of(orNone(run.driver()));
            case INSTANCE_TYPE -> List.of(orNone(run.instanceType()));
            case SUT -> List.of(orNone(run.sut()));
            case TAG -> run.tags().isEmpty() ? List.of(NONE) : run.tags();
            case JOB -> List.of(run.jobId() == null ? NONE : run.jobId().toString());
            case PAIR -> List.of(run.sut() == null || run.peer() == null ? NONE : RunPairs.name(run.sut(), run.peer()));
            case DIRECTION -> "bidir".equals(run.direction()) ? List.of() : List.of(run.direction());
            case CONFIG -> throw new IllegalStateException("a configuration fact is looked up, not read off a run");
        };
    }

    /** What a group is, in words: "driver ENA 2.2.1", "job #12", "pair arm-a/arm-b", "upload", "no driver". */
    public String label(String group) {
        String what = switch (this) {
            case INSTANCE_TYPE -> "instance type";
            case SUT -> "SUT";
            default -> apiName;
        };
        if (NONE.equals(group)) {
            return "no " + what;
        }
        return switch (this) {
            case JOB -> "job #" + group;
            case DIRECTION -> group;
            default -> what + " " + group;
        };
    }

    public static GroupBy fromApiName(String value) {
        for (GroupBy groupBy : values()) {
            if (groupBy.apiName.equalsIgnoreCase(value.strip())) {
                return groupBy;
            }
        }
        throw new InvalidSelectionException("groupBy must be one of " + allowed() + ", not '" + value + "'");
    }

    static String allowed() {
        return Arrays.stream(values()).map(GroupBy::apiName).collect(Collectors.joining(", "));
    }

    private static String orNone(String value) {
        return value == null ? NONE : value;
    }

    @Override
    public String toString() {
        return apiName.toLowerCase(Locale.ROOT);
    }
}
