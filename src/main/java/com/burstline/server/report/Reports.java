package com.burstline.server.report;

import com.burstline.contract.Protocol;
import com.burstline.server.analysis.Findings;
import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.compare.Comparisons;
import com.burstline.server.compare.GroupBy;
import com.burstline.server.compare.InvalidSelectionException;
import com.burstline.server.compare.SelectionQuery;
import com.burstline.server.job.planning.Pair;
import com.burstline.server.probe.ProbeText;
import com.burstline.server.probe.ProbeView;
import com.burstline.server.probe.Probes;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds the report of a selection, laid out like the seed article: environment, TCP and UDP tables (one row per
 * scenario and direction, per driver when several are compared), each upload beside its download twin, the analysis
 * written from the findings, and the commands that reproduce the runs. Runs a job measured bring their agent's host facts, NIC counters and command.
 */
@Service
class Reports {
    private final RunSelections selections;
    private final Comparisons comparisons;
    private final Findings findings;
    private final Probes probes;

    Reports(RunSelections selections, Comparisons comparisons, Findings findings, Probes probes) {
        this.selections = selections;
        this.comparisons = comparisons;
        this.findings = findings;
        this.probes = probes;
    }

    Report build(SelectionQuery query, String queryString) {
        List<RunSummary> runs = selections.summaries(query.selection(), Comparisons.MAX_RUNS);
        if (runs.isEmpty()) {
            throw new InvalidSelectionException("the selection matches no runs; check the filters and run ids");
        }
        ComparisonResult comparison = comparisons.compare(query, runs);
        boolean byGroup = comparison.scenarios().stream().anyMatch(scenario -> scenario.groups().size() > 1)
                || comparison.latency().stream().anyMatch(scenario -> scenario.groups().size() > 1);
        GroupBy groupBy = query.groupBy() == null ? GroupBy.DRIVER : query.groupBy();
        String groupColumn = byGroup ? columnName(groupBy) : null;
        ReportRows rows = new ReportRows(runs, groupBy == GroupBy.DIRECTION);
        List<Report.TcpRow> tcp = new ArrayList<>();
        List<Report.UdpRow> udp = new ArrayList<>();
        for (ComparisonResult.Scenario scenario : comparison.scenarios()) {
            for (ComparisonResult.Group group : scenario.groups()) {
                if (scenario.protocol() == Protocol.UDP) {
                    udp.addAll(rows.udp(scenario, group));
                } else {
                    tcp.addAll(rows.tcp(scenario, group));
                }
            }
        }
        // The same pairing as Compare's groupBy=direction, over the very runs of the report.
        ComparisonResult byDirection = comparisons.compare(new SelectionQuery(GroupBy.DIRECTION, List.of(), null,
                query.selection()), runs);
        Map<Long, RunEnvironment> environments = selections.environments(runs.stream().map(RunSummary::id).toList());
        List<Report.AnalysisLine> analysis = AnalysisText.write(comparison, findings.forRuns(runs, environments),
                runs);
        return new Report(title(runs, query), runs.size(), Environment.of(runs, environments), groupColumn, tcp, udp,
                AsymmetryLine.of(byDirection).orElse(null), analysis, CommandLines.of(runs, environments),
                queryString == null ? "" : queryString,
                runs.stream().map(RunSummary::jobId).filter(java.util.Objects::nonNull).distinct().sorted().toList(),
                probes.latestOf(runs.stream().map(run -> run.labels().sut()).filter(java.util.Objects::nonNull).sorted()
                        .toList()).stream().map(Reports::probeRow).toList(),
                comparison.latency().stream().flatMap(scenario -> scenario.groups().stream()
                        .map(group -> ReportFormat.latency(scenario, group, groupColumn != null))).toList());
    }

    private static Report.ProbeRow probeRow(ProbeView probe) {
        return new Report.ProbeRow(probe.host(), ReportFormat.direction(probe.direction().apiName()),
                ProbeText.rate(probe.figures().burstBitsPerSecond()), ProbeText.lasted(probe),
                ProbeText.rate(probe.figures().baselineBitsPerSecond()), ProbeText.credit(probe), probe.jobId());
    }

    /** The group column is headed by what the groups are, as the seed's tables head it "Driver". */
    private static String columnName(GroupBy groupBy) {
        return switch (groupBy) {
            case DRIVER -> "Driver";
            case INSTANCE_TYPE -> "Instance type";
            case SUT -> "SUT";
            case TAG -> "Tag";
            case JOB -> "Job";
            case PAIR -> "Pair";
            // The groups are the directions, which the Direction column shows; the pair tells twins apart.
            case DIRECTION -> "Pair";
            case CONFIG -> "Setting";
        };
    }

    private static String title(List<RunSummary> runs, SelectionQuery query) {
        List<String> types = runs.stream().map(run -> run.labels().instanceType()).filter(t -> t != null).distinct().toList();
        String on = types.isEmpty() ? "" : " on " + String.join(", ", types);
        GroupBy groupBy = query.groupBy() == null ? GroupBy.DRIVER : query.groupBy();
        return "Network throughput" + on + (query.groups().size() > 1 ? ": " + String.join(" vs ", query.groups())
                + " (by " + groupBy.apiName() + ")" : "");
    }
}
