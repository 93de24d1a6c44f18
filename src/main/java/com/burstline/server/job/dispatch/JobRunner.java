package com.burstline.server.job.dispatch;

import com.burstline.server.cluster.ClusterNotifications;
import com.burstline.server.cluster.ClusterSettings;
import com.burstline.server.cluster.ServerNodes;
import com.burstline.server.job.JobClaims;
import com.burstline.server.job.JobQueued;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.LatencySampleLog;
import com.burstline.server.job.LiveSampleLog;
import com.burstline.server.job.ScenarioWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the jobs this server claims ({@link JobClaims}: oldest first, one throughput test per host at a time across
 * every server on the database), each on a thread of its own, its scenarios one after the other in its order. Before
 * a scenario the job waits until its hosts rested the job's cool-down since their last scenario ({@link HostRest}). A
 * job another server left (it restarted, stopped or died) is resumed first ({@link Resumption}). Every third of a
 * lease this server renews its leases and its own heartbeat; a queued job, here or on another server, wakes it.
 * <p>
 * It starts and stops with the context's lifecycle, in the default phase: it starts after {@code JobRecovery}
 * recorded the restart in the jobs' history, and it stops before the web server's graceful shutdown, giving its jobs
 * back: their scenarios in flight run on at the agents, and whichever server claims the job next settles them.
 */
@Component
class JobRunner implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(JobRunner.class);
    /** How often a cooling-down job looks whether it was cancelled. */
    private static final long COOLING_POLL_MILLIS = 250;
    private static final int STOP_WAIT_SECONDS = 10;

    private final JobStore store;
    private final JobClaims claims;
    private final ScenarioAttempt attempt;
    private final Resumption resumption;
    private final ServerNodes nodes;
    private final LiveSampleLog liveSamples;
    private final LatencySampleLog latencySamples;
    private final Duration heartbeat;
    private final HostRest rest;
    private final Set<Long> held = ConcurrentHashMap.newKeySet();
    private final AtomicInteger threads = new AtomicInteger();
    private volatile boolean running;
    private final ScheduledExecutorService dispatcher = Executors.newSingleThreadScheduledExecutor(
            runnable -> daemon(runnable, "job-dispatcher"));
    /** Renewals on a thread of their own: claims queued behind many wake-ups must never make a lease run out. */
    private final ScheduledExecutorService heart = Executors.newSingleThreadScheduledExecutor(
            runnable -> daemon(runnable, "job-leases"));
    /** A scan is already queued: more wake-ups meanwhile add nothing. */
    private final java.util.concurrent.atomic.AtomicBoolean scanQueued = new java.util.concurrent.atomic.AtomicBoolean();
    private final ExecutorService workers = Executors.newCachedThreadPool(
            runnable -> daemon(runnable, "job-runner-" + threads.incrementAndGet()));

    JobRunner(JobStore store, JobClaims claims, ScenarioAttempt attempt, Resumption resumption, ServerNodes nodes,
              LiveSampleLog liveSamples, LatencySampleLog latencySamples, ClusterSettings cluster,
              ClusterNotifications notifications) {
        this.liveSamples = liveSamples;
        this.latencySamples = latencySamples;
        this.store = store;
        this.claims = claims;
        this.attempt = attempt;
        this.resumption = resumption;
        this.nodes = nodes;
        this.heartbeat = cluster.heartbeat();
        this.rest = new HostRest(store::lastScenarioEndOn);
        notifications.on(ClusterNotifications.Topic.QUEUED, jobId -> wake());
    }

    @Override
    public void start() {
        if (running) {
            return;
        }
        running = true;
        // The scan also finds jobs whose lease ran out on a server that died: it is the take-over's pace.
        dispatcher.scheduleWithFixedDelay(this::dispatch, 0, heartbeat.toMillis(), TimeUnit.MILLISECONDS);
        heart.scheduleWithFixedDelay(this::renew, heartbeat.toMillis(), heartbeat.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @EventListener
    void queued(JobQueued queued) {
        wake();
    }

    /** A job was queued or ended: start what can start now. */
    private void wake() {
        if (running && !dispatcher.isShutdown() && scanQueued.compareAndSet(false, true)) {
            dispatcher.execute(this::dispatch);
        }
    }

    private void dispatch() {
        scanQueued.set(false);
        try {
            for (JobClaims.Claimed job : claims.claim(Set.copyOf(held))) {
                held.add(job.jobId());
                workers.execute(() -> runClaimed(job));
            }
        } catch (RuntimeException e) {
            // Never let the dispatcher die: the jobs stay queued and the next scan tries again.
            log.error("The job dispatcher hit an error; it carries on with the next scan", e);
        }
    }

    private void renew() {
        try {
            nodes.heartbeat();
            Set<Long> lost = claims.renew(Set.copyOf(held));
            if (!lost.isEmpty()) {
                log.warn("Another server took over job(s) {}: this one's lease had run out", lost);
            }
        } catch (RuntimeException e) {
            log.warn("Could not renew this server's leases ({}); the next heartbeat tries again", e.getMessage());
        }
    }

    private void runClaimed(JobClaims.Claimed job) {
        try {
            run(job);
        } catch (InterruptedException shuttingDown) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error("Job {} hit an error; its agents are free again", job.jobId(), e);
        } finally {
            if (running) {
                held.remove(job.jobId());
                releaseQuietly(job.jobId(), false);
                wake();
            }
        }
    }

    private void run(JobClaims.Claimed claimed) throws InterruptedException {
        long jobId = claimed.jobId();
        log.info(claimed.resumed() ? "Resuming job {}" : "Running job {}", jobId);
        Duration agentPatience = claimed.resumed() ? resumption.resume(jobId) : Duration.ZERO;
        Optional<JobStore.NextScenario> next;
        while ((next = store.next(jobId)).isPresent()) {
            JobStore.NextScenario scenario = next.get();
            coolDown(jobId, scenario);
            Optional<ScenarioWork> work = store.start(jobId, scenario.scenarioId());
            if (work.isPresent()) {
                try {
                    attempt.run(work.get(), agentPatience);
                } finally {
                    rest.ended(scenario.pair().hosts(), Instant.now());
                }
                agentPatience = Duration.ZERO;
            }
        }
        if (store.isFinished(jobId)) { // not when another server took the job over: its samples are that server's
            liveSamples.forgetJob(jobId);
            latencySamples.forgetJob(jobId);
        }
        log.info("Job {} ended here: {}", jobId, store.view(jobId).status());
    }

    /** Waits until the scenario's hosts rested the job's cool-down, or the job was ended meanwhile. */
    private void coolDown(long jobId, JobStore.NextScenario scenario) throws InterruptedException {
        Instant until = rest.restedAt(scenario.pair().hosts(), scenario.coolDownSeconds());
        if (until == null || !until.isAfter(Instant.now())) {
            return;
        }
        store.coolingDown(jobId, scenario.scenarioId(), until);
        long left;
        while ((left = until.toEpochMilli() - System.currentTimeMillis()) > 0) {
            if (store.isFinished(jobId)) {
                return;
            }
            Thread.sleep(Math.min(left, COOLING_POLL_MILLIS));
        }
    }

    /**
     * Interrupts the running jobs and waits for their threads (a worker that was still writing when the context
     * closed its database would leave an embedded H2 half-closed for the next start in the same JVM), then gives
     * their leases back, so that another server, or this one started again, takes them at once.
     */
    @Override
    public void stop() {
        running = false;
        Set<Long> givenBack = Set.copyOf(held);
        dispatcher.shutdownNow();
        heart.shutdownNow();
        workers.shutdownNow();
        try {
            if (!dispatcher.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)
                    || !workers.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                log.warn("Job threads still running {} s after shutdown began", STOP_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        givenBack.forEach(jobId -> releaseQuietly(jobId, true));
    }

    private void releaseQuietly(long jobId, boolean stopping) {
        try {
            claims.release(jobId, stopping);
        } catch (RuntimeException e) {
            log.warn("Could not give back job {} ({}); its lease runs out by itself", jobId, e.getMessage());
        }
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }
}
