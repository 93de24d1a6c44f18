package com.burstline.server.job;

import jakarta.persistence.CascadeType;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import com.burstline.server.probe.ProbeView;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A job with its scenarios. Never leaves this package: callers get {@link JobView}. */
@Entity
@Table(name = "job")
class Job {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Enumerated(EnumType.STRING)
    private JobStatus status;
    private String sut;
    private String peer;
    private String plan;
    private int repeatCount;
    private Integer durationSeconds;
    private String onFailure;
    private Instant createdAt;
    private Instant startedAt;
    private Instant finishedAt;
    private String error;
    @ElementCollection
    @CollectionTable(name = "job_tag", joinColumns = @JoinColumn(name = "job_id"))
    @Column(name = "tag")
    @OrderBy
    private List<String> tags = new ArrayList<>();
    @OneToMany(mappedBy = "job", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("position")
    private List<JobScenario> scenarios = new ArrayList<>();

    protected Job() {
        // for JPA
    }

    /** Repeats are expanded here: each repetition of each scenario is a row of its own with its own outcome. */
    Job(PlannedJob planned, Instant now) {
        this.status = JobStatus.QUEUED;
        this.sut = planned.sut();
        this.peer = planned.peer();
        this.plan = planned.plan();
        this.repeatCount = planned.repeat();
        this.durationSeconds = planned.durationSeconds();
        this.onFailure = planned.stopOnFailure() ? "stop" : "continue";
        this.createdAt = now;
        this.tags = new ArrayList<>(planned.tags());
        for (int repetition = 1; repetition <= planned.repeat(); repetition++) {
            for (PlannedScenario scenario : planned.scenarios()) {
                scenarios.add(new JobScenario(this, scenarios.size(), repetition, scenario));
            }
        }
    }

    /** The next scenario to run, or empty when the job is done (and then it is finished). */
    Optional<JobScenario> startNext(Instant now) {
        if (status == JobStatus.QUEUED) {
            status = JobStatus.RUNNING;
            startedAt = now;
        }
        boolean failed = scenarios.stream().anyMatch(s -> s.status() == ScenarioStatus.FAILED);
        if (failed && "stop".equals(onFailure)) {
            scenarios.stream().filter(s -> s.status() == ScenarioStatus.QUEUED).forEach(s -> s.finish(
                    ScenarioStatus.SKIPPED, null, "skipped: an earlier scenario failed and the job stops on failure",
                    now));
        }
        Optional<JobScenario> next = scenarios.stream().filter(s -> s.status() == ScenarioStatus.QUEUED).findFirst();
        next.ifPresentOrElse(scenario -> scenario.start(now), () -> finish(now));
        return next;
    }

    private void finish(Instant now) {
        long failed = scenarios.stream().filter(s -> s.status() != ScenarioStatus.SUCCEEDED).count();
        status = failed == 0 ? JobStatus.SUCCEEDED : JobStatus.FAILED;
        error = failed == 0 ? null : failed + " of " + scenarios.size() + " scenarios did not succeed";
        finishedAt = now;
    }

    /** Ends an unfinished job at once; its unfinished scenarios get the same reason. */
    void end(JobStatus endStatus, String reason, Instant now) {
        ScenarioStatus scenarioStatus = endStatus == JobStatus.CANCELLED
                ? ScenarioStatus.CANCELLED : ScenarioStatus.FAILED;
        scenarios.stream().filter(s -> !s.status().finished())
                .forEach(s -> s.finish(scenarioStatus, null, reason, now));
        status = endStatus;
        error = reason;
        finishedAt = now;
    }

    /** A late result (see {@link JobScenario#lateResult}); a finished job whose scenarios all succeeded then did. */
    void lateResult(long scenarioId, int attempt, boolean complete, long runId, Instant now) {
        scenario(scenarioId).ifPresent(scenario -> scenario.lateResult(attempt, complete, runId, now));
        boolean allSucceeded = scenarios.stream().allMatch(s -> s.status() == ScenarioStatus.SUCCEEDED);
        if (status == JobStatus.FAILED && allSucceeded) {
            status = JobStatus.SUCCEEDED;
            error = null;
        }
    }

    Optional<JobScenario> scenario(long scenarioId) {
        return scenarios.stream().filter(s -> s.getId() == scenarioId).findFirst();
    }

    Long getId() {
        return id;
    }

    JobStatus status() {
        return status;
    }

    String sut() {
        return sut;
    }

    String peer() {
        return peer;
    }

    List<String> tags() {
        return List.copyOf(tags);
    }

    boolean isProbe() {
        return BurstProbePlan.NAME.equals(plan);
    }

    /** @param probes the job's burst probes by scenario id (none for other plans) */
    JobView toView(Map<Long, ProbeView> probes) {
        return new JobView(id, status, sut, peer, plan, repeatCount, durationSeconds, onFailure, List.copyOf(tags),
                createdAt, startedAt, finishedAt, error,
                scenarios.stream().map(scenario -> scenario.toView(probes.get(scenario.getId()))).toList());
    }
}
