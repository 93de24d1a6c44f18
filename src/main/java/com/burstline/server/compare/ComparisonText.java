package com.burstline.server.compare;

import com.burstline.contract.Protocol;
import com.burstline.contract.ScenarioNames;
import com.burstline.server.run.FigureText;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A comparison in the words the compare page, the printable report and the CSV show: each scenario's name, label
 * and chart tick, each group's figures. Made here once, so no page names a scenario or writes a figure its own way.
 */
final class ComparisonText {
    private ComparisonText() {
    }

    /** "UDP 500 Mbit/s", as every page names a scenario (never "UDP 0.5 Gbit/s"). */
    static String name(ComparisonKey key) {
        return ScenarioNames.shortName(key.protocol(), key.streams(), key.targetBitsPerSecond());
    }

    /**
     * "TCP 1 stream upload", "TCP 1 stream upload vs download (a/b)"; grouped by direction a scenario without its
     * twin says so: "TCP 1 stream upload (no download twin) (a/b)".
     */
    static String label(String name, String direction, String pair) {
        String shown = pair == null || ComparisonKey.BOTH_WAYS.equals(direction) ? direction
                : direction + " (no " + ("upload".equals(direction) ? "download" : "upload") + " twin)";
        return name + " " + shown + (pair == null ? "" : " (" + pair + ")");
    }

    /**
     * The chart's tick, on short lines: the name, then what a twin lacks (grouped by direction the bars themselves
     * are upload and download, so the tick names only a lone direction), then the pair.
     */
    static List<String> tick(String name, String direction, String pair) {
        List<String> lines = new ArrayList<>(List.of(name));
        if (!ComparisonKey.BOTH_WAYS.equals(direction)) {
            lines.add(pair != null ? direction + " only" : direction);
        }
        if (pair != null) {
            lines.add(pair);
        }
        return List.copyOf(lines);
    }

    static ComparisonResult.GroupText group(Protocol protocol, Statistics.Summary stats, Means means,
                                            List<Long> runIds, List<ComparisonResult.VerdictCount> verdicts) {
        boolean udp = protocol == Protocol.UDP;
        String ofLimit = udp ? (means.sentShareOfTarget() == null ? FigureText.UNKNOWN
                : "sent " + FigureText.percent(means.sentShareOfTarget()) + " of target ("
                + FigureText.rate(means.sent()) + ")") : FigureText.percent(means.shareOfBurstLimit()) + " of burst";
        return new ComparisonResult.GroupText(FigureText.rate(stats.mean()), interval(stats),
                udp || means.shareOfBurstLimit() != null ? ofLimit : FigureText.UNKNOWN,
                means.reverse() == null ? null : FigureText.rate(means.reverse()), FigureText.rate(stats.median()),
                FigureText.rate(stats.min()), FigureText.rate(stats.max()),
                stats.stddev() == null ? "none: one run" : FigureText.rate(stats.stddev()),
                udp ? FigureText.rate(means.sent()) : null,
                udp ? FigureText.percent(means.sentShareOfTarget()) : null,
                FigureText.percent(means.shareOfBurstLimit()), FigureText.percent(means.shareOfBaseline()),
                udp ? null : FigureText.meanCount(means.retransmits(), stats.n()),
                udp ? FigureText.loss(means.lost()) : null, udp ? FigureText.jitter(means.jitter()) : null,
                runIds.stream().map(String::valueOf).collect(Collectors.joining(", ")), verdicts(verdicts));
    }

    /** "the cap", or "the cap (2), the sender (1)" when the runs differ. */
    static String verdicts(List<ComparisonResult.VerdictCount> verdicts) {
        if (verdicts.size() == 1) {
            return verdicts.get(0).words();
        }
        return verdicts.stream().map(count -> count.words() + " (" + count.runs() + ")")
                .collect(Collectors.joining(", "));
    }

    /** "4.61 Gbit/s – 4.79 Gbit/s", "0 (cut at 0) – 2.63 Gbit/s", or none for one run. */
    private static String interval(Statistics.Summary stats) {
        if (stats.ci95Low() == null) {
            return "none: one run";
        }
        String low = stats.ci95Low() < 0 ? "0 (cut at 0)" : FigureText.rate(stats.ci95Low());
        return low + " – " + FigureText.rate(stats.ci95High());
    }

    /** A latency group's figures in ms; the interval never below 0, as a round trip cannot be. */
    static ComparisonResult.LatencyGroupText latencyGroup(Statistics.Summary stats, Double idleP99,
                                                          List<Long> runIds) {
        String interval = stats.ci95Low() == null ? "none: one run"
                : FigureText.ms(Math.max(0, stats.ci95Low())) + " – " + FigureText.ms(stats.ci95High());
        return new ComparisonResult.LatencyGroupText(FigureText.ms(stats.mean()), interval,
                FigureText.ms(stats.median()), FigureText.ms(stats.min()), FigureText.ms(stats.max()),
                FigureText.ms(idleP99), runIds.stream().map(String::valueOf).collect(Collectors.joining(", ")));
    }

    /** The means a group's words are made of; each null when no run of the group has it. */
    record Means(Double sent, Double sentShareOfTarget, Double shareOfBurstLimit, Double shareOfBaseline,
                 Double retransmits, Double lost, Double jitter, Double reverse) {
    }
}
