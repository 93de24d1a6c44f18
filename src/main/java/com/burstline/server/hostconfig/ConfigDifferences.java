package com.burstline.server.hostconfig;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What else differs between two groups of runs: each configuration fact, on the SUT and on the peer, whose values
 * in one group are not those of the other, the ones known to matter to throughput first ({@link FactCatalog}). A
 * fact is compared only where both groups have it: a fact one group could not read is not a difference.
 *
 * @param differences             in the catalog's order of importance, the SUT's before the peer's
 * @param runsWithoutConfiguration runs of either group whose configuration was never read (uploads, older runs)
 */
public record ConfigDifferences(List<Difference> differences, int runsWithoutConfiguration) {
    private static final int NAMED_IN_VERDICT = 3;

    /**
     * @param baseline the baseline group's values, as many as its runs had; {@code other} the other group's
     * @param text     "MTU on the SUT: 1500 (job #12) vs 9000 (job #13)"
     */
    public record Difference(String fact, String label, String host, List<String> baseline, List<String> other,
                             boolean mattersToThroughput, String text) {
    }

    /**
     * @param excluded facts that are what the groups are compared by (the driver, or the fact grouped by), which
     *                 differ by design
     */
    public static ConfigDifferences between(HostConfigs.RunConfigs configs, List<Long> baselineRuns,
                                            String baselineLabel, List<Long> otherRuns, String otherLabel,
                                            Set<String> excluded) {
        int without = (int) java.util.stream.Stream.concat(baselineRuns.stream(), otherRuns.stream())
                .filter(run -> !configs.has(run)).count();
        List<Difference> differences = new ArrayList<>();
        for (HostRole role : HostRole.values()) {
            Map<String, Set<String>> base = values(configs, baselineRuns, role);
            Map<String, Set<String>> other = values(configs, otherRuns, role);
            base.forEach((fact, values) -> {
                Set<String> others = other.get(fact);
                if (others != null && !others.equals(values) && !excluded.contains(fact)) {
                    differences.add(difference(fact, role, values, baselineLabel, others, otherLabel));
                }
            });
        }
        differences.sort(Comparator.comparingInt((Difference d) -> FactCatalog.rank(d.fact()))
                .thenComparing(Difference::fact).thenComparing(Difference::host, Comparator.reverseOrder()));
        return new ConfigDifferences(List.copyOf(differences), without);
    }

    public static ConfigDifferences none() {
        return new ConfigDifferences(List.of(), 0);
    }

    /**
     * The verdict with what else differs, when anything but descriptions does: "…; but the groups also differ in
     * MTU on the SUT, so this is not the job alone".
     */
    public String qualify(String verdict, String dimension) {
        Map<String, List<String>> hostsByLabel = new LinkedHashMap<>();
        differences.stream().filter(d -> FactCatalog.weight(d.fact()) != FactCatalog.Weight.OTHER)
                .forEach(d -> hostsByLabel.computeIfAbsent(d.label(), label -> new ArrayList<>()).add(d.host()));
        if (hostsByLabel.isEmpty()) {
            return verdict;
        }
        List<String> named = new ArrayList<>();
        hostsByLabel.entrySet().stream().limit(NAMED_IN_VERDICT).forEach(e -> named.add(e.getKey() + " on "
                + String.join(" and ", e.getValue().stream().map(ConfigDifferences::hostWords).toList())));
        int more = hostsByLabel.size() - named.size();
        return verdict + "; but the groups also differ in " + String.join(", ", named)
                + (more > 0 ? " and " + more + " more setting" + (more == 1 ? "" : "s") : "")
                + ", so this is not the " + dimension + " alone";
    }

    private static Map<String, Set<String>> values(HostConfigs.RunConfigs configs, List<Long> runs, HostRole role) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (long run : runs) {
            ConfigUse use = configs.of(run, role);
            if (use != null && use.config() != null) {
                use.config().facts().forEach((fact, value) ->
                        values.computeIfAbsent(fact, f -> new TreeSet<>()).add(value));
            }
        }
        return values;
    }

    private static Difference difference(String fact, HostRole role, Set<String> base, String baseLabel,
                                         Set<String> other, String otherLabel) {
        String label = FactCatalog.label(fact);
        String text = label + " on " + role.words() + ": " + String.join(" or ", base) + " (" + baseLabel + ") vs "
                + String.join(" or ", other) + " (" + otherLabel + ")";
        return new Difference(fact, label, role.apiName(), List.copyOf(base), List.copyOf(other),
                FactCatalog.weight(fact) == FactCatalog.Weight.THROUGHPUT, text);
    }

    private static String hostWords(String host) {
        return HostRole.valueOf(host.toUpperCase(java.util.Locale.ROOT)).words();
    }
}
