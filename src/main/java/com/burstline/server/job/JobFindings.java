package com.burstline.server.job;

import com.burstline.server.analysis.FindingSummary;
import com.burstline.server.analysis.Findings;
import com.burstline.server.analysis.FindingsOnceEach;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunSelection;
import com.burstline.server.run.RunSelections;
import com.burstline.server.run.RunSummary;
import org.springframework.stereotype.Service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A job's findings once each, drawn from the runs it has stored so far and named as its page names its scenarios:
 * what the job page lists under its results tables, in the report's order and words.
 */
@Service
class JobFindings {
    private final JobService jobs;
    private final RunSelections selections;
    private final Findings findings;

    JobFindings(JobService jobs, RunSelections selections, Findings findings) {
        this.jobs = jobs;
        this.selections = selections;
        this.findings = findings;
    }

    List<FindingSummary> of(long jobId) {
        JobView job = jobs.get(jobId);
        boolean severalPairs = job.pairs().size() > 1;
        Map<Long, String> labels = new LinkedHashMap<>();
        job.scenarios().stream().filter(scenario -> scenario.runId() != null).forEach(scenario -> labels
                .putIfAbsent(scenario.runId(), scenario.label(severalPairs, job.repeat() > 1)));
        if (labels.isEmpty()) {
            return List.of();
        }
        List<RunSummary> runs = selections.summaries(new RunSelection(List.copyOf(labels.keySet()), null, null,
                null), labels.size());
        Map<Long, RunEnvironment> environments = selections.environments(labels.keySet());
        return FindingsOnceEach.of(runs, findings.forRuns(runs, environments), run -> labels.get(run.id()));
    }
}
