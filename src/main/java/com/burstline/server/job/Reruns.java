package com.burstline.server.job;

import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.job.planning.CoolDownRequest;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.JobRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The request that makes a job again: the same agents or pairs, plan or scenarios (one repetition of one pair's
 * worth), repeat count, duration, tags, labels, failure policy, order, seed and cool-down, so a randomized job runs
 * again in the same order. Checked again like any new request, so a gone agent is a clear 400.
 */
final class Reruns {
    private Reruns() {
    }

    static JobRequest requestOf(JobView job) {
        String onFailure = job.onFailure() == null ? null : job.onFailure().toLowerCase(Locale.ROOT);
        List<JobRequest.ScenarioRequest> scenarios = job.plan() != null ? null : job.scenarios().stream()
                .filter(scenario -> scenario.repetition() == 1 && scenario.pair() == 0)
                .sorted(Comparator.comparingInt(ScenarioView::scenarioIndex))
                .map(scenario -> JobRequest.ScenarioRequest.of(scenario.scenario()))
                .toList();
        boolean onePair = job.pairs().size() == 1;
        List<JobRequest.PairRequest> pairs = onePair ? null : job.pairs().stream()
                .map(pair -> new JobRequest.PairRequest(pair.sut(), pair.peer())).toList();
        boolean probe = BurstProbePlan.NAME.equals(job.plan());
        return new JobRequest(onePair ? job.sut() : null, onePair ? job.peer() : null, job.plan(), scenarios,
                job.repeat(), job.tags(), job.plan() != null && !probe ? job.durationSeconds() : null, onFailure,
                pairs, job.order(), job.seed(), coolDown(job), probe ? probeDirections(job) : null,
                probe ? probeSeconds(job) : null, new JobLabels(job.labels().driver(), job.labels().instanceType(),
                List.of()), job.latencyProbe() ? null : false);
    }

    /** "auto" again for an auto job: the new job waits what the hosts' latest probes say then. */
    private static CoolDownRequest coolDown(JobView job) {
        if (job.coolDownAuto() != null) {
            return CoolDownRequest.auto();
        }
        return job.coolDownSeconds() == 0 ? null : CoolDownRequest.ofSeconds(job.coolDownSeconds());
    }

    /** The probe's directions, as its first pair ran them. */
    private static List<String> probeDirections(JobView job) {
        return job.scenarios().stream().filter(scenario -> scenario.pair() == 0)
                .map(scenario -> scenario.scenario().direction().apiName()).distinct().toList();
    }

    /** A probe scenario's duration is the probe's maximum. */
    private static Integer probeSeconds(JobView job) {
        return job.scenarios().isEmpty() ? null : job.scenarios().get(0).scenario().durationSeconds();
    }
}
