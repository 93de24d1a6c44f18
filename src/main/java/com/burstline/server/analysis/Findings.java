package com.burstline.server.analysis;

import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.hostconfig.HostRole;
import com.burstline.server.run.IntervalRow;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunFilter;
import com.burstline.server.run.RunQueries;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunStatus;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Findings of one run (compared with its host pair's other runs) or of a selection (compared within it). */
@Service
public class Findings {
    private static final int CONTEXT_RUNS = 500;

    private final RunQueries queries;
    private final RunSelections selections;
    private final HostConfigs hostConfigs;

    Findings(RunQueries queries, RunSelections selections, HostConfigs hostConfigs) {
        this.queries = queries;
        this.selections = selections;
        this.hostConfigs = hostConfigs;
    }

    public List<Finding> forRun(long id) {
        RunSummary run = queries.get(id);
        List<IntervalRow> sums = selections.sumRows(List.of(id)).get(id);
        // Both directions of the pair, so that the run page states the same asymmetry as a report of the pair.
        if (run.partial()) {
            return List.of(RunAnalysis.partial(run));
        }
        List<RunSummary> pair = new ArrayList<>(queries.list(new RunFilter(run.sut(), run.peer(), run.driver(),
                run.instanceType(), run.protocol(), null, null).withStatus(RunStatus.COMPLETE), 0, CONTEXT_RUNS)
                .content());
        if (pair.stream().noneMatch(other -> other.id() == run.id())) {
            pair.add(run);
        }
        JsonNode counters = queries.environment(id).nicCounters();
        List<Finding> findings = new ArrayList<>(RunAnalysis.findings(run, sums, counters));
        EnaExpressRule.of(run, counters, hostConfigs.ofRuns(List.of(id)).of(id, HostRole.SUT))
                .ifPresent(findings::add);
        findings.addAll(AsymmetryRule.of(pair, run));
        return findings;
    }

    /** @param environments what the agents recorded around the runs, by run id (see {@link RunSelections}) */
    public List<Finding> forRuns(List<RunSummary> runs, Map<Long, RunEnvironment> environments) {
        Map<Long, List<IntervalRow>> sums = selections.sumRows(runs.stream().map(RunSummary::id).toList());
        List<Finding> findings = new ArrayList<>();
        HostConfigs.RunConfigs configs = hostConfigs.ofRuns(runs.stream().map(RunSummary::id).toList());
        for (RunSummary run : runs) {
            JsonNode counters = nicCounters(environments.get(run.id()));
            findings.addAll(RunAnalysis.findings(run, sums.get(run.id()), counters));
            if (!run.partial()) {
                EnaExpressRule.of(run, counters, configs.of(run.id(), HostRole.SUT)).ifPresent(findings::add);
            }
        }
        findings.addAll(AsymmetryRule.of(runs.stream().filter(run -> !run.partial()).toList(), null));
        return findings;
    }

    private static JsonNode nicCounters(RunEnvironment environment) {
        return environment == null ? null : environment.nicCounters();
    }
}
