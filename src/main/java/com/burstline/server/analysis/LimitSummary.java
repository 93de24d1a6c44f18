package com.burstline.server.analysis;

import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * percent-of-limit across a selection in one sentence: its TCP runs against each burst limit as one range ("All 4 TCP
 * scenarios ran at 93.7–95.6% of the 5.00 Gbit/s burst limit: the limit decided, not the driver; …"), its UDP runs
 * each against its own target, which is what they were asked to carry.
 */
final class LimitSummary {
    private LimitSummary() {
    }

    static Optional<String> of(List<Finding> found, List<RunSummary> runs, Map<Long, RunSummary> byId,
                               Function<RunSummary, String> name) {
        List<String> parts = new ArrayList<>();
        Map<Double, List<Finding>> byBurstLimit = new LinkedHashMap<>();
        found.stream().filter(finding -> !udp(byId.get(finding.runId())))
                .filter(finding -> finding.data().get("shareOfBurstLimit") instanceof Double)
                .forEach(finding -> byBurstLimit.computeIfAbsent((Double) finding.data().get("burstLimitBitsPerSecond"),
                        limit -> new ArrayList<>()).add(finding));
        Set<String> everyTcp = FindingsOnceEach.names(runs.stream().filter(run -> !udp(run)).toList(), name);
        byBurstLimit.forEach((limit, tcp) -> {
            Set<String> covered = FindingsOnceEach.names(tcp.stream().map(finding -> byId.get(finding.runId()))
                    .toList(), name);
            String who = covered.size() > 1 && covered.equals(everyTcp) ? "All " + covered.size() + " TCP scenarios"
                    : String.join("; ", covered);
            boolean atCap = tcp.stream().allMatch(finding -> Boolean.TRUE.equals(finding.data().get("atCap")));
            parts.add(who + " ran at " + range(tcp, "shareOfBurstLimit") + " of the " + FigureText.rate(limit)
                    + " burst limit" + (atCap ? ": the limit decided, not the driver; compare drivers on runs below "
                    + "it (fewer streams, a -b target, or a larger instance)." : "."));
        });
        Map<String, List<Finding>> udpByName = new LinkedHashMap<>();
        found.stream().filter(finding -> udp(byId.get(finding.runId())))
                .filter(finding -> finding.data().get("receivedShareOfTarget") instanceof Double)
                .forEach(finding -> udpByName.computeIfAbsent(name.apply(byId.get(finding.runId())),
                        scenario -> new ArrayList<>()).add(finding));
        udpByName.forEach((scenario, udp) -> parts.add(scenario + " received " + range(udp, "receivedShareOfTarget")
                + " of its " + FigureText.rate(((Number) udp.get(0).data().get("targetBitsPerSecond")).doubleValue())
                + " target."));
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", parts));
    }

    private static boolean udp(RunSummary run) {
        return run.udp();
    }

    /** "93.7–95.6%", or one figure when they round alike. */
    private static String range(List<Finding> found, String key) {
        double low = found.stream().mapToDouble(finding -> (Double) finding.data().get(key)).min().orElseThrow();
        double high = found.stream().mapToDouble(finding -> (Double) finding.data().get(key)).max().orElseThrow();
        String lowText = FigureText.percent(low);
        String highText = FigureText.percent(high);
        return lowText.equals(highText) ? lowText : lowText.replace("%", "") + "–" + highText;
    }
}
