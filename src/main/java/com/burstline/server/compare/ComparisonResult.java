package com.burstline.server.compare;

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
 * other groupings); a scenario without its twin has its one real direction. Names are part of the API.
 */
public record ComparisonResult(String groupBy, List<Scenario> scenarios) {

    public record Scenario(String protocol, String direction, int streams, Long targetBitsPerSecond,
                           List<Group> groups, Comparison comparison, String pair) {
    }

    public record Group(String group, int n, double mean, double median, double min, double max, Double stddev,
                        Double ci95Low, Double ci95High, boolean ci95Clipped, Double meanRetransmits, Double meanJitterMs,
                        Double meanLostPercent, Double meanPercentOfBurstLimit, Double meanPercentOfBaseline,
                        Double burstLimitBitsPerSecond, Double baselineBitsPerSecond, List<Long> runIds,
                        Double meanReverseBitsPerSecond, String label, Double meanSentBitsPerSecond,
                        Double meanPercentOfTarget) {
    }

    /**
     * {@code configuration}: the host settings that differ between the two groups besides what they are grouped
     * by, those that matter to throughput first; when any does, the verdict says the groups differ in it too.
     */
    public record Comparison(String baseline, String other, double deltaPercent, Double ci95LowPercent,
                             Double ci95HighPercent, Double pValue, String verdict, String verdictKind,
                             double practicalDifferencePercent, String explanation,
                             ConfigDifferences configuration) {
    }
}
