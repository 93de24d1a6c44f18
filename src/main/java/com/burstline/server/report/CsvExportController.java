package com.burstline.server.report;

import com.burstline.server.compare.ComparisonResult;
import com.burstline.server.compare.Comparisons;
import com.burstline.server.compare.GroupBy;
import com.burstline.server.compare.SelectionQuery;
import com.burstline.server.job.ScenarioOutcomes;
import com.burstline.server.latency.RunLatencies;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunSummary;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Runs and intervals of any selection as CSV (the selection parameters of /api/v1/compare, without groupBy), and a
 * comparison (with them all).
 */
@RestController
@Tag(name = "Export", description = "Runs, intervals and comparisons as CSV")
class CsvExportController {
    static final int MAX_RUNS = 10_000;
    private static final String TYPE = "text/csv;charset=UTF-8";

    private final RunSelections selections;
    private final ScenarioOutcomes outcomes;
    private final Comparisons comparisons;
    private final RunLatencies latencies;

    CsvExportController(RunSelections selections, ScenarioOutcomes outcomes, Comparisons comparisons,
                        RunLatencies latencies) {
        this.selections = selections;
        this.outcomes = outcomes;
        this.comparisons = comparisons;
        this.latencies = latencies;
    }

    @Operation(summary = "Run summaries of a selection as CSV, one line per run",
            description = "With jobId, status (the job scenario's, or 'uploaded'), a bidir run's reverse "
                    + "direction and the run's latency figures (last columns, ms); numbers in plain decimal notation; the file is named after the selection, e.g. "
                    + "burstline-runs-job-2.csv.")
    @GetMapping("/api/v1/export/runs.csv")
    void runs(@RequestParam MultiValueMap<String, String> params, HttpServletResponse response) throws IOException {
        List<RunSummary> runs = selections.summaries(SelectionQuery.parse(params, null).selection(), MAX_RUNS);
        List<Long> ids = runs.stream().map(RunSummary::id).toList();
        Map<Long, String> statuses = outcomes.statusByRun(ids);
        Map<Long, RunLatency> latency = latencies.summaries(ids);
        Csv csv = start(response, CsvFileNames.of("runs", params));
        csv.row(RunCsvColumns.HEADER);
        runs.forEach(run -> csv.row(RunCsvColumns.values(run, statuses.get(run.id()), latency.get(run.id()))));
    }

    @Operation(summary = "Every interval row (each stream and the sums) of a selection's runs as CSV")
    @GetMapping("/api/v1/export/intervals.csv")
    void intervals(@RequestParam MultiValueMap<String, String> params, HttpServletResponse response)
            throws IOException {
        List<RunSummary> runs = selections.summaries(SelectionQuery.parse(params, null).selection(), MAX_RUNS);
        Csv csv = start(response, CsvFileNames.of("intervals", params));
        csv.row("runId", "interval", "start", "end", "stream", "direction", "bytes", "bitsPerSecond", "retransmits",
                "rttMicros", "cwndBytes", "jitterMs", "lostPackets", "packets", "omitted", "side");
        selections.forEachInterval(runs.stream().map(RunSummary::id).toList(), (runId, row) -> csv.row(runId,
                row.sample().interval(), row.sample().start(), row.sample().end(), row.sample().stream(),
                row.sample().direction(), row.sample().bytes(), row.sample().bitsPerSecond(),
                row.sample().retransmits(), row.sample().rttMicros(), row.sample().cwndBytes(),
                row.sample().jitterMs(), row.sample().lostPackets(), row.sample().packets(), row.sample().omitted(),
                row.sample().side()));
    }

    @Operation(summary = "A comparison as CSV, one line per scenario and group",
            description = "The parameters of GET /api/v1/compare (groupBy defaults to driver) and its figures: n, "
                    + "mean, 95% interval, % of the burst limit (TCP) or sent and sent % of target (UDP), retransmits "
                    + "or loss; the compared group's line adds the difference to the baseline, its 95% interval, "
                    + "the p-value, the verdict with its verdictKind (a verdict on the driver only where the driver "
                    + "decided every run of both groups, otherwise what decided each side, as in GET /api/v1/compare) "
                    + "and, by direction, the explanation; every line ends with decidedBy, what decided the group's "
                    + "runs.")
    @GetMapping("/api/v1/export/comparison.csv")
    void comparison(@RequestParam MultiValueMap<String, String> params, HttpServletResponse response)
            throws IOException {
        SelectionQuery query = SelectionQuery.parse(params, GroupBy.DRIVER);
        ComparisonResult result = comparisons.compare(query);
        ComparisonCsv.write(result, start(response, CsvFileNames.of("comparison-by-" + result.groupBy(), params)));
    }

    /** Headers go out only after the selection was read, so that a bad selection still answers a problem detail. */
    private static Csv start(HttpServletResponse response, String name) throws IOException {
        response.setContentType(TYPE);
        response.setHeader("Content-Disposition", "attachment; filename=\"" + name + "\"");
        return new Csv(response.getWriter());
    }

}
