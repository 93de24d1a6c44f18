package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * packet-loss across a selection: every run it names with its loss and who dropped it, since the worst loss is the
 * one a reader must not miss ("UDP 5 Gbit/s upload lost 57.2%: the receiving host lab-b dropped 41,230 datagrams
 * (receive buffer full) — the receiver, not the path.").
 */
final class LossSummary {
    private LossSummary() {
    }

    static String of(List<Finding> found, Map<Long, RunSummary> byId, Function<RunSummary, String> name) {
        Map<String, Long> repeats = found.stream().collect(Collectors.groupingBy(
                finding -> name.apply(byId.get(finding.runId())), Collectors.counting()));
        return String.join(" ", found.stream().map(finding -> {
            String scenario = name.apply(byId.get(finding.runId()));
            return scenario + (repeats.get(scenario) > 1 ? " (run " + finding.runId() + ")" : "") + " lost "
                    + Figures.percent((Double) finding.data().get("lostPercent")) + ": "
                    + PacketLossRule.whoDropped(finding) + ".";
        }).toList());
    }
}
