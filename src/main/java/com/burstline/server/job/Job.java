package com.burstline.server.job;

import com.burstline.server.job.planning.AutoCoolDown;
import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.OrderedScenario;
import com.burstline.server.job.planning.Pair;
import com.burstline.server.job.planning.PlannedJob;
import com.burstline.server.probe.ProbeView;
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
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** A job with its scenarios. Never leaves this package: callers get {@link JobView}. */
@Entity
@Table(name = "job")
class Job {
    /** The history's entries about which server runs the job. */
    private static final Set<JobHistoryKind> SERVER_CHANGES = EnumSet.of(JobHistoryKind.STOPPED,
            JobHistoryKind.RESTARTED, JobHistoryKind.TAKEN_OVER, JobHistoryKind.RESUMED);

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Enumerated(EnumType.STRING)
    private JobStatus status;
    /** The first pair's agents, as before jobs had several pairs; {@link #pairs} has them all. */
    private String sut;
    private String peer;
    private String plan;
    private String runOrder;
    private Long orderSeed;
    private int coolDownSeconds;
    /** Set for a cool-down "auto" only ({@link AutoCoolDown}). */
    private Long coolDownProbeJobId;
    private String coolDownEstimate;
    private Instant coolingUntil;
    private Long coolingScenarioId;
    private int repeatCount;
    private Integer durationSeconds;
    private String onFailure;
    private Instant createdAt;
    private Instant startedAt;
    private Instant finishedAt;
    private String error;
    private Long scheduleId;
    /** Whether its throughput scenarios run the loaded-latency probe beside them. */
    private boolean latencyProbe = true;
    /** What every run of the job is labelled with over the agent's facts; null: the facts decide. */
    private String labelDriver;
    private String labelInstanceType;
    @ElementCollection
    @CollectionTable(name = "job_tag", joinColumns = @JoinColumn(name = "job_id"))
    @Column(name = "tag")
    @OrderBy
    private List<String> tags = new ArrayList<>();
    @ElementCollection
    @CollectionTable(name = "job_pair", joinColumns = @JoinColumn(name = "job_id"))
    @OrderColumn(name = "position")
    private List<JobPair> pairs = new ArrayList<>();
    @OneToMany(mappedBy = "job", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("position")
    private List<JobScenario> scenarios = new ArrayList<>();
    /** The server running the job (see {@code JobClaims}); null while no server ever claimed it. */
    private String leaseOwner;
    private String leaseBoot;
    private Instant leaseUntil;
    @OneToMany(mappedBy = "job", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("id")
    private List<JobHistoryEntry> history = new ArrayList<>();

    protected Job() {
        // for JPA
    }

    /** Repeats and pairs are expanded here: each scenario in the order is a row of its own with its own outcome. */
    Job(PlannedJob planned, Instant now) {
        this.status = JobStatus.QUEUED;
        this.sut = planned.pairs().get(0).sut();
        this.peer = planned.pairs().get(0).peer();
        planned.pairs().forEach(pair -> pairs.add(new JobPair(pair)));
        this.runOrder = planned.order().apiName();
        this.orderSeed = planned.seed();
        this.coolDownSeconds = planned.coolDownSeconds();
        if (planned.autoCoolDown() != null) {
            this.coolDownProbeJobId = planned.autoCoolDown().probeJobId();
            this.coolDownEstimate = planned.autoCoolDown().text();
        }
        this.plan = planned.plan();
        this.repeatCount = planned.repeat();
        this.durationSeconds = planned.durationSeconds();
        this.onFailure = planned.stopOnFailure() ? "stop" : "continue";
        this.createdAt = now;
        this.tags = new ArrayList<>(planned.tags());
        this.labelDriver = planned.labels().driver();
        this.labelInstanceType = planned.labels().instanceType();
        this.latencyProbe = planned.latencyProbe();
        for (OrderedScenario scenario : planned.ordered()) {
            scenarios.add(new JobScenario(this, scenarios.size(), scenario));
        }
    }

    /** The schedule that started this job; set once, before the job is stored. */
    void startedBy(Long schedule) {
        this.scheduleId = schedule;
    }

    /**
     * The next scenario to run, not yet started (a cool-down may come first), or empty when the job is done (and
     * then it is finished). The job is running from its first call on.
     */
    Optional<JobScenario> next(Instant now) {
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
        if (next.isEmpty()) {
            finish(now);
        }
        return next;
    }

    /** The job waits for its hosts to rest before this scenario; the page shows until when. */
    void coolDown(long scenarioId, Instant until) {
        coolingScenarioId = scenarioId;
        coolingUntil = until;
    }

    /** Starts the scenario when it is still queued in a running job; empty otherwise (the job was ended). */
    Optional<JobScenario> start(long scenarioId, Instant now) {
        coolingScenarioId = null;
        coolingUntil = null;
        if (status != JobStatus.RUNNING) {
            return Optional.empty();
        }
        Optional<JobScenario> scenario = scenario(scenarioId).filter(s -> s.status() == ScenarioStatus.QUEUED);
        scenario.ifPresent(s -> s.start(now));
        return scenario;
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
        coolingScenarioId = null;
        coolingUntil = null;
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

    /** Leased to the server {@code owner} in its boot {@code boot} until {@code until}. */
    void lease(String owner, String boot, Instant until) {
        leaseOwner = owner;
        leaseBoot = boot;
        leaseUntil = until;
    }

    /** Whether the server's boot holds the job's lease (it may have run out: the claim decides that). */
    boolean leasedTo(String owner, String boot) {
        return owner.equals(leaseOwner) && boot.equals(leaseBoot);
    }

    String leaseOwner() {
        return leaseOwner;
    }

    Instant leaseUntil() {
        return leaseUntil;
    }

    /**
     * Whether the server that started the attempt in flight (at {@code startedAt}) is gone and no server has resumed
     * the job since, so the result its agent delivers settles the scenario ({@link JobHistoryKind#SETTLED}). Gone: an
     * earlier boot of this server, a lease given back or one that ran out; or the job's last word on its servers
     * since the attempt began is that one restarted, stopped or took over, not that it resumed (the resume itself
     * settles what arrives after it).
     */
    boolean betweenServers(Instant startedAt, String owner, String boot, Instant now) {
        boolean leaseGone = leaseOwner != null && !leasedTo(owner, boot)
                && (owner.equals(leaseOwner) || leaseUntil == null || leaseUntil.isBefore(now));
        return leaseGone || history.stream().filter(entry -> SERVER_CHANGES.contains(entry.kind()))
                .reduce((first, second) -> second)
                .filter(last -> last.kind() != JobHistoryKind.RESUMED && last.occurredAt().isAfter(startedAt))
                .isPresent();
    }

    /** Gives the lease back: any server may claim the job at once. */
    void releaseLease() {
        leaseUntil = null;
    }

    /** @param position 1-based, as pages number scenarios; null when the entry is about no scenario */
    void record(Instant at, JobHistoryKind kind, String server, String previousServer, Instant lastSeenAt,
                Integer position, Integer attempt) {
        history.add(new JobHistoryEntry(this, at, kind, server, previousServer, lastSeenAt, position, attempt));
    }

    /** The scenario whose attempt is running now, if any: at most one, since a job runs one at a time. */
    Optional<JobScenario> inFlight() {
        return scenarios.stream().filter(s -> s.status() == ScenarioStatus.RUNNING).findFirst();
    }

    /** 1-based position of the next scenario to run, null when none is left. */
    Integer nextPosition() {
        return scenarios.stream().filter(s -> !s.status().finished()).findFirst()
                .map(s -> s.position() + 1).orElse(null);
    }

    Optional<JobScenario> scenario(long scenarioId) {
        return scenarios.stream().filter(s -> s.getId() == scenarioId).findFirst();
    }

    /** Whether a scenario other than {@code scenarioId} links this run. */
    boolean runHeldByAnother(long scenarioId, long runId) {
        return scenarios.stream().anyMatch(s -> s.getId() != scenarioId && Long.valueOf(runId).equals(s.runId()));
    }

    Long getId() {
        return id;
    }

    JobStatus status() {
        return status;
    }

    List<Pair> pairs() {
        return pairs.stream().map(JobPair::pair).toList();
    }

    Pair pairOf(JobScenario scenario) {
        return pairs.get(scenario.pairIndex()).pair();
    }

    int coolDownSeconds() {
        return coolDownSeconds;
    }

    /** Every agent the job measures on: it holds them all until it ends. */
    Set<String> hosts() {
        Set<String> hosts = new TreeSet<>();
        pairs().forEach(pair -> hosts.addAll(pair.hosts()));
        return hosts;
    }

    List<String> tags() {
        return List.copyOf(tags);
    }

    JobLabels labels() {
        return new JobLabels(labelDriver, labelInstanceType, tags);
    }

    /** New labels for the runs still to come (and a run again); the stored runs are relabelled apart. */
    void relabel(JobLabels labels) {
        labelDriver = labels.driver();
        labelInstanceType = labels.instanceType();
        tags = new ArrayList<>(labels.tags());
    }

    boolean latencyProbe() {
        return latencyProbe;
    }

    boolean isProbe() {
        return BurstProbePlan.NAME.equals(plan);
    }

    /** @param probes the job's burst probes by scenario id (none for other plans) */
    JobView toView(Map<Long, ProbeView> probes) {
        List<Pair> all = pairs();
        JobView.CoolingDown cooling = coolingUntil == null ? null
                : new JobView.CoolingDown(coolingScenarioId, coolingUntil, coolDownSeconds);
        return new JobView(id, status, sut, peer, plan, repeatCount, durationSeconds, onFailure, List.copyOf(tags),
                createdAt, startedAt, finishedAt, error,
                scenarios.stream().map(s -> s.toView(all.get(s.pairIndex()), probes.get(s.getId()))).toList(),
                all.stream().map(pair -> new JobView.PairView(pair.sut(), pair.peer())).toList(), runOrder,
                orderSeed, coolDownSeconds, cooling, scheduleId, coolDownEstimate == null ? null
                : new JobView.AutoCoolDown(coolDownProbeJobId, coolDownEstimate), labels(), latencyProbe,
                history.stream().map(JobHistoryEntry::toView).toList());
    }
}
