package com.burstline.server.job;

import com.burstline.server.analysis.Finding;
import com.burstline.server.analysis.Findings;
import com.burstline.server.catalog.FindingKind;
import com.burstline.server.latency.RunLatencies;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A job's results as its page's tables show them, all worded by the server: one row per scenario that stored a run,
 * TCP, UDP and request/response (UDP_RR, TCP_RR) apart, each with its run (figures, their words and verdict), its
 * latency and its findings as badges (warnings first; percent-of-limit is the row's own "% of" column, not a badge),
 * the drivers the answer is about and the link that compares this job's driver with another.
 */
@Service
class JobResults {
    /** A finding kind a row already shows as a column. */
    private static final Set<String> ROW_COLUMNS = Set.of(FindingKind.PERCENT_OF_LIMIT.id());

    private final JobService jobs;
    private final RunQueries runs;
    private final Findings findings;
    private final RunLatencies latencies;
    private final JobHosts hosts;
    private final DriverComparisons driverComparisons;

    JobResults(JobService jobs, RunQueries runs, Findings findings, RunLatencies latencies, JobHosts hosts,
               DriverComparisons driverComparisons) {
        this.hosts = hosts;
        this.driverComparisons = driverComparisons;
        this.jobs = jobs;
        this.runs = runs;
        this.findings = findings;
        this.latencies = latencies;
    }

    /**
     * What the job page's first screen shows: the hosts it is about, its short answer, its TCP, UDP and
     * request/response rows and the drivers, in words; and its "Compare drivers" link ({@link DriverComparisons}),
     * null when there is none to offer.
     */
    record Results(List<JobHosts.Host> hosts, JobAnswer.Answer answer, List<Row> tcp, List<Row> udp,
                   List<Row> requestResponse, String drivers, DriverComparisons.Link driverComparison) {
    }

    /**
     * One scenario's run. {@code label} names the scenario as the job page does, {@code measuredBy} the tool that
     * measured it; {@code findings} are the run's own (as its page lists them), in the order shown. {@code latency}
     * is the run's latency without its samples (its {@code text} the words shown; null when the run has none), and
     * {@code loadedP99} the probe's p99 under load with its ratio to idle, or "not measured".
     */
    record Row(long scenarioId, int position, String label, String measuredBy, RunSummary run,
               List<Finding> findings, RunLatency latency, String loadedP99) {
    }

    Results of(long jobId) {
        JobView job = jobs.get(jobId);
        boolean severalPairs = job.pairs().size() > 1;
        Map<Long, ScenarioView> byRun = new LinkedHashMap<>();
        job.scenarios().stream().filter(scenario -> scenario.runId() != null)
                .forEach(scenario -> byRun.putIfAbsent(scenario.runId(), scenario));
        List<Row> tcp = new ArrayList<>();
        List<Row> udp = new ArrayList<>();
        List<Row> requestResponse = new ArrayList<>();
        Map<String, Set<String>> drivers = new LinkedHashMap<>();
        Map<Long, RunLatency> latency = latencies.summaries(byRun.keySet());
        List<RunSummary> stored = runs.byIds(byRun.keySet());
        for (RunSummary run : stored) {
            ScenarioView scenario = byRun.get(run.id());
            RunLatency its = latency.get(run.id());
            String loadedP99 = its == null || its.text().loadedP99() == null ? "not measured" : its.text().loadedP99();
            Row row = new Row(scenario.id(), scenario.position() + 1, scenario.label(severalPairs, job.repeat() > 1),
                    (run.scenario().tool() + " " + (run.toolVersion() == null ? "" : run.toolVersion())).strip(),
                    run, badges(run.id()), its, loadedP99);
            (run.requestResponse() ? requestResponse : run.udp() ? udp : tcp).add(row);
            drivers.computeIfAbsent(orElse(run.labels().sut(), "the SUT"), sut -> new LinkedHashSet<>())
                    .add(orElse(run.labels().driver(), "not recorded"));
        }
        Comparator<Row> byPosition = Comparator.comparingInt(Row::position);
        tcp.sort(byPosition);
        udp.sort(byPosition);
        requestResponse.sort(byPosition);
        return new Results(hosts.of(job, stored), JobAnswer.of(tcp, udp), tcp, udp, requestResponse,
                String.join(" · ", drivers.entrySet().stream()
                .map(entry -> "Driver on " + entry.getKey() + ": " + String.join(", ", entry.getValue())).toList()),
                driverComparisons.of(job, stored));
    }

    private List<Finding> badges(long runId) {
        return findings.forRun(runId).stream().filter(finding -> !ROW_COLUMNS.contains(finding.kind())).toList();
    }

    private static String orElse(String value, String otherwise) {
        return value == null ? otherwise : value;
    }
}
