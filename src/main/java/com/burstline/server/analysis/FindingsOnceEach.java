package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A selection's findings once each, as the job page and the report both list them: each kind with the scenarios it
 * covers and the first run's sentence standing for the kind (each run's own is on its page), percent-of-limit summed
 * up as an engineer writes it, packet-loss with every run's loss and who dropped it. A sender short of its target comes first (the loss and limits after it are of what
 * was sent), then loss, then the other warnings, then how close the runs came to their limits, then the other notes.
 */
public final class FindingsOnceEach {
    private static final String PERCENT_OF_LIMIT = "percent-of-limit";
    private static final String PACKET_LOSS = "packet-loss";
    private static final List<String> WARNINGS_FIRST = List.of("sender-limited", "packet-loss");

    private FindingsOnceEach() {
    }

    /** @param name how the selection's pages name a run's scenario ("UDP 1 Gbit/s upload, 30 s") */
    public static List<FindingSummary> of(List<RunSummary> runs, List<Finding> findings,
                                          Function<RunSummary, String> name) {
        Map<Long, RunSummary> byId = runs.stream().collect(Collectors.toMap(RunSummary::id, Function.identity()));
        Map<String, List<Finding>> byKind = new LinkedHashMap<>();
        findings.stream().filter(finding -> byId.containsKey(finding.runId()))
                .sorted(Comparator.comparing(Finding::runId))
                .forEach(finding -> byKind.computeIfAbsent(finding.kind(), kind -> new ArrayList<>()).add(finding));
        Set<String> everyScenario = names(runs, name);
        List<FindingSummary> summaries = new ArrayList<>();
        byKind.forEach((kind, found) -> {
            Optional<String> summed = PERCENT_OF_LIMIT.equals(kind) ? LimitSummary.of(found, runs, byId, name)
                    : PACKET_LOSS.equals(kind) ? Optional.of(LossSummary.of(found, byId, name)) : Optional.empty();
            summaries.add(summary(found, covers(found, byId, name, everyScenario),
                    summed.orElse(found.get(0).message()), summed.isPresent()));
        });
        summaries.sort(Comparator.comparing(FindingsOnceEach::rank).thenComparing(FindingSummary::kind));
        return summaries;
    }

    private static FindingSummary summary(List<Finding> found, String covers, String message, boolean summed) {
        String severity = found.stream().anyMatch(finding -> Finding.WARNING.equals(finding.severity()))
                ? Finding.WARNING : Finding.INFO;
        return new FindingSummary(found.get(0).kind(), severity, covers, found.stream().map(Finding::runId)
                .distinct().toList(), message, summed);
    }

    private static String covers(List<Finding> found, Map<Long, RunSummary> runs, Function<RunSummary, String> name,
                                 Set<String> everyScenario) {
        Set<String> covered = names(found.stream().map(finding -> runs.get(finding.runId())).toList(), name);
        return covered.size() > 1 && covered.equals(everyScenario) ? "all " + covered.size() + " scenarios"
                : String.join("; ", covered);
    }

    static Set<String> names(List<RunSummary> runs, Function<RunSummary, String> name) {
        return runs.stream().map(name).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private static int rank(FindingSummary summary) {
        if (Finding.WARNING.equals(summary.severity())) {
            int first = WARNINGS_FIRST.indexOf(summary.kind());
            return first < 0 ? WARNINGS_FIRST.size() : first;
        }
        return PERCENT_OF_LIMIT.equals(summary.kind()) ? 10 : 11;
    }
}
