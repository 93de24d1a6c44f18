package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.Scenario;
import com.burstline.server.cluster.ServerIdentity;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a job needs when a server resumes it after a restart or takes it over from a server that went away: the
 * scenario whose attempt was in flight, settled by the result its agent delivers or else run again once (never two
 * runs of one scenario: the attempt run again gets a new nonce, so the old attempt's result is refused), and the
 * job's history that says so ({@link JobHistoryKind}).
 */
@Service
public class JobResumes {
    static final String GAVE_UP = "its attempt was in flight when a server went away, twice: it is not run a third "
            + "time";

    private final JobStore store;
    private final JobRepository jobs;
    private final TransactionTemplate transaction;
    private final ServerIdentity identity;
    private final Clock clock = Clock.systemUTC();

    JobResumes(JobStore store, JobRepository jobs, TransactionTemplate transaction, ServerIdentity identity) {
        this.store = store;
        this.jobs = jobs;
        this.transaction = transaction;
        this.identity = identity;
    }

    /** The attempt that was running when the job's server went away, where its agents are and when it began. */
    public record InFlight(AttemptKey key, String sut, String peer, Scenario scenario, Instant startedAt) {
    }

    /**
     * The job runs on here, from its first unfinished scenario; its history says so. Answers the attempt in flight,
     * read in the same change, so a result arriving meanwhile is settled either by its arrival
     * ({@link JobStore#recordResult}) or by the wait that follows.
     */
    public Optional<InFlight> resumed(long jobId) {
        return store.change(jobId, job -> {
            job.record(clock.instant(), JobHistoryKind.RESUMED, identity.id(), null, null, job.nextPosition(), null);
            return job.inFlight().map(scenario -> new InFlight(new AttemptKey(jobId, scenario.getId(),
                    scenario.attempt()), job.pairOf(scenario).sut(), job.pairOf(scenario).peer(), scenario.scenario(),
                    scenario.startedAt()));
        });
    }

    /**
     * After waiting for the in-flight attempt's result: SETTLED when it came (the scenario ended with it), else the
     * scenario is queued to run again (RERUN) unless it was run again before (GAVE_UP: it fails).
     */
    public JobHistoryKind settle(AttemptKey key) {
        return store.change(key.jobId(), job -> job.scenario(key.scenarioId()).map(scenario -> {
            Instant now = clock.instant();
            JobHistoryKind kind;
            if (!scenario.isRunning(key.attempt())) {
                kind = JobHistoryKind.SETTLED;
            } else if (scenario.reruns() == 0) {
                scenario.rerun();
                kind = JobHistoryKind.RERUN;
            } else {
                scenario.finish(ScenarioStatus.FAILED, null, GAVE_UP, now);
                kind = JobHistoryKind.GAVE_UP;
            }
            job.record(now, kind, identity.id(), null, null, scenario.position() + 1,
                    kind == JobHistoryKind.RERUN ? key.attempt() + 1 : key.attempt());
            return kind;
        }).orElse(JobHistoryKind.SETTLED));
    }

    /**
     * At start-up, before anything runs: the unfinished jobs this start interrupted get a RESTARTED entry: all of
     * them when no other server was running, else those this server itself held before.
     *
     * @param lastSeen when this server (or, for the whole service, any server) was last seen before
     */
    void restarted(boolean wholeService, Instant lastSeen) {
        List<Long> ids = transaction.execute(status -> jobs.findByStatusIn(List.of(JobStatus.QUEUED,
                JobStatus.RUNNING)).stream().filter(job -> wholeService || identity.id().equals(job.leaseOwner()))
                .map(Job::getId).toList());
        Instant now = clock.instant();
        for (long id : ids) {
            store.change(id, job -> {
                job.record(now, JobHistoryKind.RESTARTED, identity.id(), null, lastSeen, null, null);
                return null;
            });
        }
    }
}
