package com.burstline.server.job;

import java.util.List;

/**
 * The request that makes a job again: the same agents, plan or scenarios (one repetition's worth), repeat count,
 * duration, tags and failure policy. Checked again like any new request, so a gone agent is a clear 400.
 */
final class Reruns {
    private Reruns() {
    }

    static JobRequest requestOf(JobView job) {
        String onFailure = job.onFailure() == null ? null : job.onFailure().toLowerCase(java.util.Locale.ROOT);
        if (BurstProbePlan.NAME.equals(job.plan())) {
            return new JobRequest(job.sut(), job.peer(), job.plan(), null, null, job.tags(), null, onFailure,
                    job.scenarios().stream().map(ScenarioView::direction).toList(),
                    job.scenarios().isEmpty() ? null : job.scenarios().get(0).durationSeconds());
        }
        if (job.plan() != null) {
            return new JobRequest(job.sut(), job.peer(), job.plan(), null, job.repeat(), job.tags(),
                    job.durationSeconds(), onFailure);
        }
        List<JobRequest.ScenarioRequest> scenarios = job.scenarios().stream()
                .filter(scenario -> scenario.repetition() == 1)
                .map(scenario -> new JobRequest.ScenarioRequest(scenario.protocol(), scenario.direction(),
                        scenario.streams(), scenario.durationSeconds(), scenario.intervalSeconds(),
                        scenario.omitSeconds(), scenario.targetBitsPerSecond()))
                .toList();
        return new JobRequest(job.sut(), job.peer(), null, scenarios, job.repeat(), job.tags(), null, onFailure);
    }
}
