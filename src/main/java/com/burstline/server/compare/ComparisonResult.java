package com.burstline.server.compare;

import com.burstline.contract.Protocol;
import com.burstline.server.catalog.VerdictStep;
import com.burstline.server.hostconfig.ConfigDifferences;

import java.util.List;

/**
 * The answer of {@code GET /api/v1/compare}: per scenario, each group's figures (bits per second of received
 * throughput) and, when exactly two groups are compared, the difference between them with its verdict. A group's 95%
 * interval never goes below 0 (throughput cannot): {@code ci95Clipped} says its lower end was cut there. For
 * {@code --bidir} runs the figures are the upload direction's and {@code meanReverseBitsPerSecond} is the download's
 * (received), kept apart rather than added. {@code label} says what a group is in words ("job #12", "driver 2.2.1",
 * "upload"); {@code pair} is set when the groups are the two directions. UDP groups carry the mean the sender sent
 * and the mean % of their target (sent ÷ target, as the job page and the report judge UDP); both are null for TCP.
 * Grouped by direction, a comparison's {@code explanation} says which limit could explain the difference (null for
 * other groupings); a scenario without its twin has its one real direction. A scenario's {@code name}, {@code label}
 * and {@code tick} and a group's {@code text} are the words the compare page and the report show; a group's
 * {@code verdicts} count what decided its runs' received figures (each a step of the findings catalog). Names are
 * part of the API. {@code latency} compares the same groups on a latency figure, per scenario whose runs have one:
 * {@code loaded-p99} (the loaded-latency probe's p99 beside a throughput scenario) or {@code transactions-p99} (a
 * UDP_RR or TCP_RR scenario's, which has no throughput and so appears only here), in milliseconds; lower is better,
 * so a positive {@code deltaPercent} is worse and the verdict says "higher (worse)".
 */
public record ComparisonResult(String groupBy, List<Scenario> scenarios, List<LatencyScenario> latency) {

    public record Scenario(Protocol protocol, String direction, int streams, Long targetBitsPerSecond,
                           List<Group> groups, Comparison comparison, String pair, String name, String label,
                           List<String> tick) {
    }

    public record Group(String group, int n, double mean, double median, double min, double max, Double stddev,
                        Double ci95Low, Double ci95High, boolean ci95Clipped, Double meanRetransmits, Double meanJitterMs,
                        Double meanLostPercent, Double meanShareOfBurstLimit, Double meanShareOfBaseline,
                        Double burstLimitBitsPerSecond, Double baselineBitsPerSecond, List<Long> runIds,
                        Double meanReverseBitsPerSecond, String label, Double meanSentBitsPerSecond,
                        Double meanSentShareOfTarget, List<VerdictCount> verdicts, GroupText text) {
    }

    /** How many of a group's runs one verdict step decided. */
    public record VerdictCount(VerdictStep id, String words, int runs) {
    }

    /** A group's figures in words ({@link com.burstline.server.run.FigureText}), "unknown" where not known. */
    public record GroupText(String mean, String interval, String ofLimit, String reverseMean, String median,
                            String min, String max, String stddev, String sent, String sentShareOfTarget,
                            String shareOfBurstLimit, String shareOfBaseline, String retransmits, String loss,
                            String jitter, String runs, String verdict) {
    }

    /**
     * {@code verdict} and {@code verdictKind}: a verdict on what the groups differ in (faster, slower, no practical
     * difference, significance) only where every run of both groups measured the driver (their verdicts); otherwise
     * what decided each side ({@code cap-limits-both}, {@code sender-limits-both},
     * {@code receiver-limits-both}, {@code path-limits-both}, {@code beyond-the-limit}, {@code not-known},
     * {@code decided-apart}), the difference kept as a figure. Grouped by direction both sides are one driver's and the statistics speak.
     * {@code configuration}: the host settings that differ between the two groups besides what they are grouped
     * by, those that matter to throughput first; when any does, the verdict says the groups differ in it too.
     */
    public record Comparison(String baseline, String other, double deltaPercent, Double ci95LowPercent,
                             Double ci95HighPercent, Double pValue, String verdict, String verdictKind,
                             double practicalDifferencePercent, String explanation,
                             ConfigDifferences configuration) {
    }

    /**
     * One scenario's latency figure per group; {@code comparison} as for throughput, lower-is-better. {@code name},
     * {@code label} and {@code figureText} (which figure: "p99 under load", "transactions p99") are the words
     * the compare page and the report show.
     */
    public record LatencyScenario(Protocol protocol, String direction, int streams, Long targetBitsPerSecond,
                                  String figure, List<LatencyGroup> groups, Comparison comparison, String name,
                                  String label, String figureText) {
    }

    /** A group's runs' latency figure (ms): its statistics, and the idle p99 beside it where the probe ran. */
    public record LatencyGroup(String group, String label, int n, double mean, double median, double min, double max,
                               Double stddev, Double ci95Low, Double ci95High, Double meanIdleP99Ms,
                               List<Long> runIds, LatencyGroupText text) {
    }

    /** A latency group's figures in words ({@link com.burstline.server.run.FigureText#ms}). */
    public record LatencyGroupText(String mean, String interval, String median, String min, String max,
                                   String idleP99, String runs) {
    }
}
