package com.burstline.server.compare;

import com.burstline.server.run.QueryParameters;
import com.burstline.server.run.RunFilter;
import com.burstline.server.run.RunPairs;
import com.burstline.server.run.RunSelection;
import org.springframework.util.MultiValueMap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The selection in a comparison's, report's or export's query string, the same for all three so that one URL
 * shares a selection between them. Filters match as on the runs list ({@link RunFilter}: names case-insensitively
 * anywhere in the value, {@code from}/{@code to} a UTC date range); the groupBy dimension's filter may repeat, and
 * its values are then the groups, in the order given (the first is the baseline unless {@code baseline=} says
 * otherwise); a run joins the group its value matches ({@link #groupOf}).
 * {@code run} (repeatable, or comma-separated) picks runs by id; {@code job} is the id of the job that measured the
 * runs; {@code pair} is "SUT/peer", both agents exactly (ignoring case); {@code status=partial} selects the partial
 * runs, which are left out otherwise (even when picked by id).
 */
public record SelectionQuery(GroupBy groupBy, List<String> groups, String baseline, RunSelection selection,
                             ConfigFact fact) {
    private static final List<String> FILTERS = List.of("sut", "peer", "driver", "instanceType", "protocol",
            "direction", "tag", "job", "pair", "from", "to", "status");
    private static final Set<String> OTHER = Set.of("groupBy", "baseline", "run", "fact", "config");
    private static final Set<String> KNOWN = Stream.concat(FILTERS.stream(), OTHER.stream())
            .collect(Collectors.toUnmodifiableSet());

    /** Grouped by anything but a configuration fact. */
    public SelectionQuery(GroupBy groupBy, List<String> groups, String baseline, RunSelection selection) {
        this(groupBy, groups, baseline, selection, null);
    }

    public static SelectionQuery parse(MultiValueMap<String, String> params, GroupBy defaultGroupBy) {
        QueryParameters.firstUnknown(params.keySet(), KNOWN).ifPresent(name -> {
            throw new InvalidSelectionException("unknown parameter '" + name + "'; the parameters are "
                    + "groupBy, baseline, run, fact, " + String.join(", ", FILTERS));
        });
        String groupByName = single(params, "groupBy");
        GroupBy groupBy = groupByName == null ? defaultGroupBy : GroupBy.fromApiName(groupByName);
        List<String> groups = groupBy == null ? List.of() : values(params, groupBy.apiName());
        RunFilter filter = RunFilter.fromParameters(filterValue(params, "sut", groupBy),
                filterValue(params, "peer", groupBy), filterValue(params, "driver", groupBy),
                filterValue(params, "instanceType", groupBy), single(params, "protocol"),
                filterValue(params, "direction", groupBy), filterValue(params, "tag", groupBy),
                jobId(filterValue(params, "job", groupBy)), single(params, "from"), single(params, "to"),
                single(params, "status"));
        if (groupBy == GroupBy.JOB) {
            groups.forEach(SelectionQuery::jobId);
        }
        if (groupBy == GroupBy.PAIR) {
            groups.forEach(SelectionQuery::pair);
        }
        String pair = filterValue(params, "pair", groupBy);
        List<String> pairs = pair == null ? List.of() : List.of(pair(pair));
        String baseline = single(params, "baseline");
        if (baseline != null && !groups.isEmpty() && !groups.contains(baseline)) {
            throw new InvalidSelectionException("baseline '" + baseline + "' is not one of the groups " + groups);
        }
        ConfigFact fact = ConfigFact.parse(single(params, "fact"), groupBy == GroupBy.CONFIG);
        // a configuration fact is not a column of the runs: its groups are formed after the runs are read
        String dimension = groupBy == null || groups.isEmpty() || groupBy == GroupBy.CONFIG ? null
                : groupBy.apiName();
        return new SelectionQuery(groupBy, groups, baseline, new RunSelection(runIds(params), filter, dimension,
                groups, pairs), fact);
    }

    /**
     * The requested group a run's value belongs to: the one it equals (ignoring case), else the longest one it
     * contains ("2.10" for "ENA 2.10.0" rather than "2.1"); null when none. Job ids and pairs match exactly.
     */
    public String groupOf(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        String best = null;
        for (String group : groups) {
            if (group.equalsIgnoreCase(key)) {
                return group;
            }
            boolean exact = groupBy == GroupBy.JOB || groupBy == GroupBy.PAIR || groupBy == GroupBy.CONFIG;
            boolean contained = !exact && lower.contains(group.toLowerCase(Locale.ROOT));
            if (contained && (best == null || group.length() > best.length())) {
                best = group;
            }
        }
        return best;
    }

    private static String filterValue(MultiValueMap<String, String> params, String name, GroupBy groupBy) {
        return groupBy != null && groupBy.apiName().equals(name) ? null : single(params, name);
    }

    private static String single(MultiValueMap<String, String> params, String name) {
        List<String> given = values(params, name);
        if (given.size() > 1) {
            throw new InvalidSelectionException(name + " may be given once (only the groupBy dimension repeats)");
        }
        return given.isEmpty() ? null : given.get(0);
    }

    private static List<String> values(MultiValueMap<String, String> params, String name) {
        List<String> given = params.getOrDefault(name, List.of());
        return given.stream().filter(value -> value != null && !value.isBlank()).map(String::strip).distinct()
                .toList();
    }

    private static Long jobId(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidSelectionException("job must be a job id (a number), not '" + value + "'");
        }
    }

    private static String pair(String value) {
        if (!RunPairs.isPair(value)) {
            throw new InvalidSelectionException("pair must be two agent names as SUT/peer (e.g. arm-a/arm-b), not '"
                    + value + "'");
        }
        return value;
    }

    private static List<Long> runIds(MultiValueMap<String, String> params) {
        List<Long> ids = new ArrayList<>();
        for (String value : values(params, "run")) {
            for (String part : value.split(",")) {
                try {
                    ids.add(Long.parseLong(part.strip()));
                } catch (NumberFormatException e) {
                    throw new InvalidSelectionException("run must be run ids (numbers), not '" + part.strip() + "'");
                }
            }
        }
        return ids;
    }
}
