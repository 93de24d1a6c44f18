package com.burstline.server.report;

import com.burstline.contract.ScenarioNames;
import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.Measurement;
import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The report's TCP and UDP tables in the seed article's shape, in the comparison's own words: TCP against the burst
 * limit, UDP against its own target by what the sender sent (a 5 Gbit/s target the sender reached 1.15 Gbit/s of is
 * the tool's limit, not the network's), each row with what decided its figures. A --bidir run's download direction
 * gets a row of its own; its verdict is its upload's, so that row has none.
 */
final class ReportRows {
    private static final String NOT_JUDGED = "—";

    private final Map<Long, RunSummary> runs;
    private final boolean byDirection;

    /** @param byDirection the groups are the directions (groupBy=direction): a row's group is its direction */
    ReportRows(List<RunSummary> runs, boolean byDirection) {
        this.runs = runs.stream().collect(java.util.stream.Collectors.toMap(RunSummary::id, Function.identity()));
        this.byDirection = byDirection;
    }

    List<Report.TcpRow> tcp(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        ComparisonResult.GroupText text = group.text();
        Report.TcpRow row = new Report.TcpRow(group(scenario, group), scenario.name(), direction(scenario, group),
                mean(group, text.mean()), text.verdict(), text.shareOfBurstLimit(), text.retransmits());
        if (group.meanReverseBitsPerSecond() == null) {
            return List.of(row);
        }
        // The reverse direction's retransmits are counted with the upload's in iperf3's output.
        return List.of(row, new Report.TcpRow(row.group(), row.scenario(), "Bidir: download",
                mean(group, text.reverseMean()), NOT_JUDGED, FigureText.percent(Measurement.share(
                group.meanReverseBitsPerSecond(), group.burstLimitBitsPerSecond())), NOT_JUDGED));
    }

    List<Report.UdpRow> udp(ComparisonResult.Scenario scenario, ComparisonResult.Group group) {
        ComparisonResult.GroupText text = group.text();
        String target = ScenarioNames.targetText(scenario.targetBitsPerSecond(), scenario.streams());
        Report.UdpRow row = new Report.UdpRow(group(scenario, group), scenario.name(), direction(scenario, group),
                target == null ? FigureText.UNKNOWN : target, mean(group, text.sent()), mean(group, text.mean()),
                text.verdict(), text.sentShareOfTarget(), text.loss(), text.jitter());
        if (group.meanReverseBitsPerSecond() == null) {
            return List.of(row);
        }
        Double reverseSent = meanOf(group, run -> run.figures().reverseSentBitsPerSecond());
        return List.of(row, new Report.UdpRow(row.group(), row.scenario(), "Bidir: download", row.target(),
                mean(group, FigureText.rate(reverseSent)), mean(group, text.reverseMean()), NOT_JUDGED,
                FigureText.percent(Measurement.share(reverseSent, com.burstline.contract.Scenario.wholeTarget(
                        scenario.targetBitsPerSecond(), scenario.streams()))), NOT_JUDGED, NOT_JUDGED));
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

    /** A figure of a row of several runs says it is their mean. */
    private static String mean(ComparisonResult.Group group, String figure) {
        return group.n() == 1 || FigureText.UNKNOWN.equals(figure) ? figure
                : figure + " (mean of " + group.n() + ")";
    }

    /** The mean of a figure the comparison does not carry, over the group's runs that have it. */
    private Double meanOf(ComparisonResult.Group group, Function<RunSummary, Double> figure) {
        return group.runIds().stream().map(runs::get).filter(Objects::nonNull).map(figure).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average().stream().boxed().findFirst().orElse(null);
    }
}
