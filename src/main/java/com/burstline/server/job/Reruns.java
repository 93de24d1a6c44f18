package com.burstline.server.job;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The request that makes a job again: the same agents or pairs, plan or scenarios (one repetition of one pair's
 * worth), repeat count, duration, tags, failure policy, order, seed and cool-down, so a randomized job runs again in
 * the same order. Checked again like any new request, so a gone agent is a clear 400.
 */
final class Reruns {
    private Reruns() {
    }

    static JobRequest requestOf(JobView job) {
        String onFailure = job.onFailure() == null ? null : job.onFailure().toLowerCase(Locale.ROOT);
        List<JobRequest.ScenarioRequest> scenarios = job.plan() != null ? null : job.scenarios().stream()
                .filter(scenario -> scenario.repetition() == 1 && scenario.pair() == 0)
                .sorted(Comparator.comparingInt(ScenarioView::scenarioIndex))
                .map(scenario -> new JobRequest.ScenarioRequest(scenario.protocol(), scenario.direction(),
                        scenario.streams(), scenario.durationSeconds(), scenario.intervalSeconds(),
                        scenario.omitSeconds(), scenario.targetBitsPerSecond(), scenario.tool()))
                .toList();
        boolean onePair = job.pairs().size() == 1;
        List<JobRequest.PairRequest> pairs = onePair ? null : job.pairs().stream()
                .map(pair -> new JobRequest.PairRequest(pair.sut(), pair.peer())).toList();
        return new JobRequest(onePair ? job.sut() : null, onePair ? job.peer() : null, job.plan(), scenarios,
                job.repeat(), job.tags(), job.plan() != null ? job.durationSeconds() : null, onFailure, pairs,
                job.order(), job.seed(), job.coolDownSeconds() == 0 ? null
                : CoolDownRequest.ofSeconds(job.coolDownSeconds()));
    }
}
