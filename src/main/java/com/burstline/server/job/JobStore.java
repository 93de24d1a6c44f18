package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.DispatchNonce;
import com.burstline.server.cluster.ClusterNotifications;
import com.burstline.server.cluster.ServerIdentity;
import com.burstline.server.job.planning.JobLabels;
import com.burstline.server.job.planning.Pair;
import com.burstline.server.job.planning.PlannedJob;
import com.burstline.server.probe.NewProbe;
import com.burstline.server.probe.Probes;
import com.burstline.server.security.TokenSecrets;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Every state change of jobs and their scenarios, each in one transaction under the job's row lock, and each
 * announced to the job's event stream after it committed. A scenario ends once: whoever comes first (its result, a
 * timeout, a lost agent, a cancel) decides, and the others find it no longer running. A change that ends a job is
 * also published as {@link JobEnded}, after it committed; a new job as {@link JobQueued}.
 */
@Service
public class JobStore {
    private final JobRepository jobs;
    private final TransactionTemplate transaction;
    private final JobEvents events;
    private final Probes probes;
    private final ApplicationEventPublisher publisher;
    private final JobWakeups wakeups;
    private final ServerIdentity identity;
    private final ClusterNotifications cluster;
    private final Clock clock = Clock.systemUTC();

    JobStore(JobRepository jobs, TransactionTemplate transaction, JobEvents events, Probes probes,
             ApplicationEventPublisher publisher, JobWakeups wakeups, ServerIdentity identity,
             ClusterNotifications cluster) {
        this.wakeups = wakeups;
        this.identity = identity;
        this.cluster = cluster;
        this.jobs = jobs;
        this.transaction = transaction;
        this.events = events;
        this.probes = probes;
        this.publisher = publisher;
    }

    long waiting() {
        return jobs.countByStatus(JobStatus.QUEUED);
    }

    /** @param scheduleId the schedule starting the job, or null */
    JobView create(PlannedJob planned, Long scheduleId) {
        JobView created = transaction.execute(status -> {
            Job job = new Job(planned, clock.instant());
            job.startedBy(scheduleId);
            JobView view = viewOf(jobs.saveAndFlush(job));
            cluster.send(ClusterNotifications.Topic.QUEUED, view.id());
            return view;
        });
        events.changed(created);
        publisher.publishEvent(new JobQueued(created.id()));
        return created;
    }

    /**
     * The job's next scenario, not started yet (its cool-down comes first); empty when there is none left (the job
     * is then finished) or the job was ended, or this server no longer holds its lease (another took it over).
     */
    public Optional<NextScenario> next(long jobId) {
        return change(jobId, job -> {
            if (job.status().finished() || !job.leasedTo(identity.id(), identity.boot())) {
                return Optional.<NextScenario>empty();
            }
            return job.next(clock.instant()).map(scenario -> new NextScenario(scenario.getId(), job.pairOf(scenario),
                    job.coolDownSeconds()));
        });
    }

    public record NextScenario(long scenarioId, Pair pair, int coolDownSeconds) {
    }

    /** The job waits until {@code until} before it starts the scenario; its page says so. */
    public void coolingDown(long jobId, long scenarioId, Instant until) {
        change(jobId, job -> {
            job.coolDown(scenarioId, until);
            return null;
        });
    }

    /** Starts the scenario {@link #next} gave; empty when the job was ended or taken over meanwhile. */
    public Optional<ScenarioWork> start(long jobId, long scenarioId) {
        return change(jobId, job -> !job.leasedTo(identity.id(), identity.boot()) ? Optional.<ScenarioWork>empty()
                : job.start(scenarioId, clock.instant()).map(scenario -> {
            Pair pair = job.pairOf(scenario);
            String nonce = DispatchNonce.generate();
            scenario.dispatchedWith(TokenSecrets.sha256(nonce));
            return new ScenarioWork(new AttemptKey(jobId, scenario.getId(), scenario.attempt()), pair.sut(),
                    pair.peer(), scenario.scenario(), nonce, job.isProbe(), job.latencyProbe());
        }));
    }

    /** When a scenario on the host last ended, as stored (see {@code HostRest}). */
    public Optional<Instant> lastScenarioEndOn(String host) {
        return transaction.execute(status -> jobs.lastScenarioEndOn(host));
    }

    public boolean isFinished(long jobId) {
        return transaction.execute(status -> jobs.statusById(jobId).map(JobStatus::finished).orElse(true));
    }

    /** Ends a running scenario attempt; false when it had already ended (then nothing changes). */
    public boolean finishScenario(AttemptKey key, ScenarioStatus outcome, Long runId, String error) {
        return change(key.jobId(), job -> job.scenario(key.scenarioId())
                .filter(scenario -> scenario.isRunning(key.attempt()))
                .map(scenario -> {
                    scenario.finish(outcome, runId, error, clock.instant());
                    return true;
                }).orElse(false));
    }

    /**
     * A burst probe whose drop is confirmed: it succeeded with what it measured, kept as its probe in the same
     * transaction; false when the scenario had already ended (then nothing is kept).
     */
    public boolean finishProbe(AttemptKey key, Function<Instant, NewProbe> probe) {
        return change(key.jobId(), job -> job.scenario(key.scenarioId())
                .filter(scenario -> scenario.isRunning(key.attempt()))
                .map(scenario -> {
                    Instant now = clock.instant();
                    probes.record(probe.apply(now));
                    scenario.finish(ScenarioStatus.SUCCEEDED, null, null, now);
                    return true;
                }).orElse(false));
    }

    /** A burst probe that ran to its end without a drop (or whose drop came with its last intervals). */
    public void keepProbe(AttemptKey key, Function<Instant, NewProbe> probe) {
        change(key.jobId(), job -> {
            probes.record(probe.apply(clock.instant()));
            return null;
        });
    }

    /** Whether another scenario of the key's job than the key's own links this run. */
    public boolean runHeldByAnotherScenario(AttemptKey key, long runId) {
        return Boolean.TRUE.equals(transaction.execute(status -> jobs.findById(key.jobId())
                .map(job -> job.runHeldByAnother(key.scenarioId(), runId)).orElse(false)));
    }

    /** The run a scenario stored, if any. */
    public Optional<Long> runOf(AttemptKey key) {
        return resultContext(key.jobId(), key.scenarioId()).map(ResultContext::runId);
    }

    /**
     * A result from an agent: ends the scenario when it is still waiting (SUCCEEDED with a complete run, FAILED with
     * a partial one or none); when the server that started it is gone and none has resumed the job yet, the history
     * says the result settled it. A result that comes after the scenario ended is late: a complete one turns a
     * failed scenario to SUCCEEDED with a note saying so; otherwise its run is only linked.
     */
    public void recordResult(AttemptKey key, boolean complete, Long runId, String error) {
        ScenarioStatus outcome = complete ? ScenarioStatus.SUCCEEDED : ScenarioStatus.FAILED;
        change(key.jobId(), job -> {
            Instant now = clock.instant();
            Optional<JobScenario> waiting = job.scenario(key.scenarioId())
                    .filter(scenario -> scenario.isRunning(key.attempt()));
            if (waiting.isPresent()) {
                JobScenario scenario = waiting.get();
                boolean settles = job.betweenServers(scenario.startedAt(), identity.id(), identity.boot(), now);
                scenario.finish(outcome, runId, error, now);
                if (settles) {
                    job.record(now, JobHistoryKind.SETTLED, identity.id(), null, null, scenario.position() + 1,
                            key.attempt());
                }
            } else if (runId != null) {
                job.lateResult(key.scenarioId(), key.attempt(), complete, runId, now);
            }
            return null;
        });
    }

    /** The dispatch's result arrived and was recorded: its nonce reports nothing more. */
    public void resultArrived(AttemptKey key) {
        change(key.jobId(), job -> {
            job.scenario(key.scenarioId()).ifPresent(scenario -> scenario.resultArrived(clock.instant()));
            return null;
        });
    }

    /** A run kept of an ended scenario (its live samples): linked unless it has a run already. */
    public void linkRun(AttemptKey key, long runId) {
        change(key.jobId(), job -> {
            job.scenario(key.scenarioId()).ifPresent(scenario -> scenario.linkLateRun(runId));
            return null;
        });
    }

    public Optional<ScenarioStatus> statusOf(AttemptKey key) {
        return transaction.execute(status -> jobs.findById(key.jobId()).flatMap(job -> job.scenario(key.scenarioId()))
                .filter(scenario -> scenario.attempt() == key.attempt())
                .map(JobScenario::status));
    }

    /** What a result needs to know about its job; empty when the job or scenario does not exist (any more). */
    public Optional<ResultContext> resultContext(long jobId, long scenarioId) {
        return transaction.execute(status -> jobs.findById(jobId).flatMap(job -> job.scenario(scenarioId)
                .map(scenario -> new ResultContext(job.pairOf(scenario).peer(), job.labels(), scenario.attempt(),
                        scenario.runId(), scenario.status(), scenario.scenario().targetBitsPerSecond()))));
    }

    /** @param targetBitsPerSecond the rate the scenario asked for (-b); null for none */
    public record ResultContext(String peer, JobLabels labels, int attempt, Long runId, ScenarioStatus status,
                         Long targetBitsPerSecond) {
        List<String> tags() {
            return labels.tags();
        }
    }

    JobView cancel(long jobId) {
        return change(jobId, job -> {
            if (job.status().finished()) {
                throw new JobFinishedException(jobId, job.status());
            }
            job.end(JobStatus.CANCELLED, "cancelled", clock.instant());
            return viewOf(job);
        });
    }

    /**
     * Gives the job new labels (for its runs still to come and a run again) and, in the same transaction, does what
     * must change with them: its stored runs' labels. Either both change or neither.
     */
    JobView relabel(long jobId, UnaryOperator<JobLabels> edit, Runnable alongside) {
        return change(jobId, job -> {
            job.relabel(edit.apply(job.labels()));
            alongside.run();
            return viewOf(job);
        });
    }

    public JobView view(long jobId) {
        return transaction.execute(status -> jobs.findById(jobId).map(this::viewOf)
                .orElseThrow(() -> new JobNotFoundException(jobId)));
    }

    List<JobView> list(int size) {
        return transaction.execute(status -> jobs.findAllByOrderByIdDesc(PageRequest.of(0, size)).stream()
                .map(this::viewOf).toList());
    }

    /** Inside a transaction: a probe job's view carries its probes. */
    private JobView viewOf(Job job) {
        return job.toView(job.isProbe() ? probes.ofJob(job.getId()) : Map.of());
    }

    /** Shows the job as it is now to its event streams here and on the other servers. */
    public void announce(long jobId) {
        change(jobId, job -> null);
    }

    /**
     * Every change of a job: under its row lock, then shown to its event streams and waiting runner here, and (by a
     * notification sent with the commit) on the other servers sharing the database.
     */
    <T> T change(long jobId, Function<Job, T> change) {
        record Changed<T>(T answer, JobView view, boolean ended) {
        }
        Changed<T> changed = transaction.execute(status -> {
            Job job = jobs.lockById(jobId).orElseThrow(() -> new JobNotFoundException(jobId));
            boolean wasUnfinished = !job.status().finished();
            T answer = change.apply(job);
            jobs.flush();
            cluster.send(ClusterNotifications.Topic.JOB_CHANGED, jobId);
            return new Changed<>(answer, viewOf(job), wasUnfinished && job.status().finished());
        });
        events.changed(changed.view());
        wakeups.changed(jobId);
        if (changed.ended()) {
            publisher.publishEvent(new JobEnded(changed.view()));
        }
        return changed.answer();
    }
}
