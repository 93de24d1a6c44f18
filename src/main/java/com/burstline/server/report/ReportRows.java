package com.burstline.server.report;

import com.burstline.contract.Scenario;
import com.burstline.server.analysis.Figures;
import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The report's TCP and UDP tables in the seed article's shape: TCP against the burst limit, UDP against its own
 * target by what the sender sent (a 5 Gbit/s target the sender reached 1.15 Gbit/s of is the tool's limit, not the
 * network's). A --bidir run's download direction gets a row of its own.
 */
final class ReportRows {
    private final Map<Long, RunSummary> runs;
    private final boolean byDirection;

    /** @param byDirection the groups are the directions (groupBy=direction): a row's group is its direction */
    ReportRows(List<RunSummary> runs, boolean byDirection) {
        this.runs = runs.stream().collect(java.util.stream.Collectors.toMap(RunSummary::id, Function.identity()));
        this.byDirection = byDirection;
    }

    List<Report.TcpRow> tcp(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        Report.TcpRow row = new Report.TcpRow(group(scenario, group), ReportFormat.scenario(scenario),
                direction(scenario, group), ReportFormat.throughput(group),
                ReportFormat.percentOfBurst(group.meanPercentOfBurstLimit()), ReportFormat.retransmits(group));
        if (group.meanReverseBitsPerSecond() == null) {
            return List.of(row);
        }
        // The reverse direction's retransmits are counted with the upload's in iperf3's output.
        return List.of(row, new Report.TcpRow(row.group(), row.scenario(), "Bidir: download",
                mean(group, group.meanReverseBitsPerSecond()), ReportFormat.percentOfBurst(
                group.burstLimitBitsPerSecond() == null ? null
                        : group.meanReverseBitsPerSecond() / group.burstLimitBitsPerSecond() * 100), "—"));
    }

    List<Report.UdpRow> udp(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        Long target = RunSummary.wholeTarget(scenario.targetBitsPerSecond(), scenario.streams());
        Double sent = meanOf(group, RunSummary::sentBitsPerSecond);
        Report.UdpRow row = new Report.UdpRow(group(scenario, group), ReportFormat.scenario(scenario),
                direction(scenario, group), targetText(scenario),
                sent == null ? "unknown" : mean(group, sent), ReportFormat.throughput(group), ofTarget(sent, target),
                ReportFormat.loss(group), ReportFormat.jitter(group));
        if (group.meanReverseBitsPerSecond() == null) {
            return List.of(row);
        }
        Double reverseSent = meanOf(group, RunSummary::reverseSentBitsPerSecond);
        return List.of(row, new Report.UdpRow(row.group(), row.scenario(), "Bidir: download", row.target(),
                reverseSent == null ? "unknown" : mean(group, reverseSent),
                mean(group, group.meanReverseBitsPerSecond()), ofTarget(reverseSent, target), "—", "—"));
    }

    private String group(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        return byDirection ? scenario.pair() : group.group();
    }

    /** A scenario grouped by direction holds both: each group's row is its own direction. */
    private String direction(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        if (byDirection) {
            return ReportFormat.direction(group.group());
        }
        return "bidir".equals(scenario.direction()) ? "Bidir: upload" : ReportFormat.direction(scenario.direction());
    }

    /** "1 Gbit/s", or "100 Mbit/s (2 × 50 Mbit/s)": iperf3's -b is each stream's. */
    private static String targetText(ComparisonResult.Scenario scenario) {
        Long perStream = scenario.targetBitsPerSecond();
        if (perStream == null) {
            return "—";
        }
        String whole = Scenario.rate(RunSummary.wholeTarget(perStream, scenario.streams()));
        return scenario.streams() > 1 ? whole + " (" + scenario.streams() + " × " + Scenario.rate(perStream) + ")"
                : whole;
    }

    private static String ofTarget(Double sent, Long target) {
        Double percent = RunSummary.percentOfTarget(sent, target);
        return percent == null ? "—" : Figures.percent(percent);
    }

    private static String mean(ComparisonResult.Group group, double bitsPerSecond) {
        String rate = Figures.rate(bitsPerSecond);
        return group.n() == 1 ? rate : rate + " (mean of " + group.n() + ")";
    }

    /** The mean of a figure the comparison does not carry, over the group's runs that have it. */
    private Double meanOf(ComparisonResult.Group group, Function<RunSummary, Double> figure) {
        return group.runIds().stream().map(runs::get).filter(Objects::nonNull).map(figure).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average().stream().boxed().findFirst().orElse(null);
    }
}
