package com.burstline.server.job;

import com.burstline.server.job.planning.AutoCoolDown;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.run.Verdict;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A job as the API shows it, with every scenario in the order they run. The field names are part of the API.
 * {@code sut} and {@code peer} are the first pair's; {@code pairs} lists them all. {@code coolingDown} is set while
 * the job waits for its hosts to rest before the next scenario.
 * {@code scheduleId} is the schedule that started the job, null for a job started by hand (or whose schedule was
 * deleted). {@code coolDownAuto} is set when the cool-down was "auto": {@code coolDownSeconds} is then the estimate
 * it states. {@code labels} are what every run of the job is labelled with over the agent's facts.
 * {@code latencyProbe} says whether its throughput scenarios run the loaded-latency probe beside them. {@code history}
 * says what happened to the job beyond its scenarios: restarts, take-overs, resumes ({@link JobHistoryKind}).
 */
public record JobView(long id, JobStatus status, String sut, String peer, String plan, int repeat,
                      Integer durationSeconds, String onFailure, List<String> tags, Instant createdAt,
                      Instant startedAt, Instant finishedAt, String error, List<ScenarioView> scenarios,
                      List<PairView> pairs, String order, Long seed, int coolDownSeconds,
                      CoolingDown coolingDown, Long scheduleId, AutoCoolDown coolDownAuto, JobLabels labels,
                      boolean latencyProbe, List<JobHistoryView> history) {

    /** A job without history yet, with the loaded-latency probe on, as every job is unless it turned it off. */
    public JobView(long id, JobStatus status, String sut, String peer, String plan, int repeat,
                   Integer durationSeconds, String onFailure, List<String> tags, Instant createdAt,
                   Instant startedAt, Instant finishedAt, String error, List<ScenarioView> scenarios,
                   List<PairView> pairs, String order, Long seed, int coolDownSeconds,
                   CoolingDown coolingDown, Long scheduleId, AutoCoolDown coolDownAuto, JobLabels labels) {
        this(id, status, sut, peer, plan, repeat, durationSeconds, onFailure, tags, createdAt, startedAt, finishedAt,
                error, scenarios, pairs, order, seed, coolDownSeconds, coolingDown, scheduleId, coolDownAuto, labels,
                true, List.of());
    }

    /** Queued or running: a schedule does not start another job while its last one is unfinished. */
    public boolean unfinished() {
        return !status.finished();
    }

    /** Whether the job has ended (succeeded, failed or was cancelled): nothing more will change. */
    @JsonProperty
    public boolean finished() {
        return status.finished();
    }

    /** The same job with each stored run's verdict on its scenario. */
    JobView withVerdicts(Map<Long, Verdict> byRun) {
        return new JobView(id, status, sut, peer, plan, repeat, durationSeconds, onFailure, tags, createdAt,
                startedAt, finishedAt, error, scenarios.stream().map(scenario -> scenario.runId() == null ? scenario
                : scenario.withVerdict(byRun.get(scenario.runId()))).toList(), pairs, order, seed, coolDownSeconds,
                coolingDown, scheduleId, coolDownAuto, labels, latencyProbe, history);
    }

    /** How far the job is and how long it has left, now. */
    @JsonProperty
    public JobProgress progress() {
        return JobProgress.of(this, Instant.now());
    }

    public record PairView(String sut, String peer) {
        /** "arm-a → arm-b": how pages name a pair. */
        public String label() {
            return sut + " → " + peer;
        }

        /** "arm-a/arm-b": how selections (compare, reports) name a pair. */
        public String selection() {
            return sut + "/" + peer;
        }
    }

    /** "arm-a → arm-b, arm-c → arm-d". */
    public String pairsLabel() {
        return String.join(", ", pairs.stream().map(PairView::label).toList());
    }

    /** Upload and download both planned: only then does "upload vs download" compare anything. */
    public boolean measuresBothDirections() {
        return scenarios.stream().map(scenario -> scenario.scenario().direction()).distinct().count() > 1;
    }

    /** The pairs as compare selects them, the first one the baseline. */
    public List<String> pairSelections() {
        return pairs.stream().map(PairView::selection).toList();
    }

    /** A cool-down "auto": the job of the burst probe that decided it, and the estimate in words. */
    public record AutoCoolDown(long probeJobId, String estimate) {
    }

    /** The job waits until {@code until} before it starts the scenario {@code scenarioId}. */
    public record CoolingDown(long scenarioId, Instant until, int seconds) {
    }
}
