package com.burstline.server.analysis;

import com.burstline.contract.Scenario;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.hostconfig.HostRole;
import com.burstline.server.latency.RunLatencies;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunFilter;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.SeriesFigures;
import com.burstline.server.run.RunStatus;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Findings of one run (compared with its host pair's other runs) or of a selection (compared within it). */
@Service
public class Findings {
    private static final int CONTEXT_RUNS = 500;

    private final RunQueries queries;
    private final RunSelections selections;
    private final HostConfigs hostConfigs;
    private final RunLatencies latency;

    Findings(RunQueries queries, RunSelections selections, HostConfigs hostConfigs, RunLatencies latency) {
        this.queries = queries;
        this.selections = selections;
        this.hostConfigs = hostConfigs;
        this.latency = latency;
    }

    /** The run's findings, warnings first. */
    public List<Finding> forRun(long id) {
        RunSummary run = queries.get(id);
        if (run.partial()) {
            return List.of(RunAnalysis.partial(run));
        }
        if (run.scenario().protocol().requestResponse()) {
            return List.of(); // no throughput to judge, nor to set beside the other direction's
        }
        // Both directions of the pair, so that the run page states the same asymmetry as a report of the pair.
        List<RunSummary> pair = new ArrayList<>(queries.list(new RunFilter(run.labels().sut(), run.labels().peer(), run.labels().driver(),
                run.labels().instanceType(), run.scenario().protocol(), null, null).withStatus(RunStatus.COMPLETE), 0, CONTEXT_RUNS)
                .content());
        if (pair.stream().noneMatch(other -> other.id() == run.id())) {
            pair.add(run);
        }
        RunEnvironment environment = queries.environment(id);
        List<Finding> findings = new ArrayList<>(RunAnalysis.findings(run, selections.seriesFigures(List.of(run)).get(id),
                environment.nicCounters(), environment.receiverDrops()));
        EnaExpressRule.of(run, environment.nicCounters(), hostConfigs.ofRuns(List.of(id)).of(id, HostRole.SUT))
                .ifPresent(findings::add);
        findings.addAll(AsymmetryRule.of(pair, run));
        LatencyRule.of(id, latency.summaries(List.of(id)).get(id)).ifPresent(findings::add);
        // warnings first, each in the rules' order: the order a person reads them in, on every page
        findings.sort(Comparator.comparing(finding -> !Finding.WARNING.equals(finding.severity())));
        return findings;
    }

    /** @param environments what the agents recorded around the runs, by run id (see {@link RunSelections}) */
    public List<Finding> forRuns(List<RunSummary> runs, Map<Long, RunEnvironment> environments) {
        Map<Long, SeriesFigures> figures = selections.seriesFigures(runs);
        List<Finding> findings = new ArrayList<>();
        HostConfigs.RunConfigs configs = hostConfigs.ofRuns(runs.stream().map(RunSummary::id).toList());
        Map<Long, RunLatency> latencies = latency.summaries(runs.stream().filter(run -> !run.partial())
                .map(RunSummary::id).toList());
        for (RunSummary run : runs) {
            RunEnvironment environment = environments.get(run.id());
            findings.addAll(findings(run, figures.get(run.id()), environment));
            if (!run.partial()) {
                EnaExpressRule.of(run, environment == null ? null : environment.nicCounters(),
                        configs.of(run.id(), HostRole.SUT)).ifPresent(findings::add);
                LatencyRule.of(run.id(), latencies.get(run.id())).ifPresent(findings::add);
            }
        }
        findings.addAll(AsymmetryRule.of(runs.stream().filter(run -> !run.partial()).toList(), null));
        return findings;
    }

    /** A run without a recorded environment is an upload's: what its receivers counted is not known. */
    private static List<Finding> findings(RunSummary run, SeriesFigures series, RunEnvironment environment) {
        return environment == null || environment.receiverDrops().isEmpty()
                ? RunAnalysis.findings(run, series, environment == null ? null : environment.nicCounters())
                : RunAnalysis.findings(run, series, environment.nicCounters(), environment.receiverDrops());
    }
}
