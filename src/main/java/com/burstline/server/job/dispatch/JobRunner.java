package com.burstline.server.job.dispatch;

import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.job.JobQueued;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.JobWakeups;
import com.burstline.server.job.ScenarioWork;
import com.burstline.server.job.intake.LatencySampleLog;
import com.burstline.server.job.intake.LiveSampleLog;
import com.burstline.server.job.intake.ProbeWatch;
import com.burstline.server.system.BurstlineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs queued jobs, oldest first: one throughput test per host at a time, not per server. A job holds the agents of
 * all its pairs until it ends ({@link HostClaims}) and runs its scenarios one after the other in its order, so jobs
 * on other agents run at the same time, each on a thread of its own, while a job that needs a busy agent waits.
 * Before a scenario the job waits until its hosts rested the job's cool-down since their last scenario (also one
 * made before the server restarted: {@link HostRest}).
 * <p>
 * It starts and stops with the context's lifecycle, in the default phase: it starts after {@code JobRecovery} ended
 * the jobs an earlier run left unfinished, and it stops before the web server's graceful shutdown. Stopping after it
 * let a job run on while the server already refused the agents' heartbeats, and fail for an agent that "stopped
 * sending heartbeats" when it was the server that was going away; stopped first, the job stays running and the next
 * start says the server restarted during it.
 */
@Component
class JobRunner implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(JobRunner.class);
    /** A missed wake-up (or a database hiccup) delays a queued job by this much at most. */
    private static final long RESCAN_SECONDS = 10;
    /** How often a cooling-down job looks whether it was cancelled. */
    private static final long COOLING_POLL_MILLIS = 250;

    private final JobStore store;
    private final ScenarioAttempt attempt;
    private final HostClaims claims = new HostClaims();
    private final HostRest rest;
    private final AtomicInteger threads = new AtomicInteger();
    private static final int STOP_WAIT_SECONDS = 10;
    private volatile boolean running;
    private final ScheduledExecutorService dispatcher = Executors.newSingleThreadScheduledExecutor(
            runnable -> daemon(runnable, "job-dispatcher"));
    private final ExecutorService workers = Executors.newCachedThreadPool(
            runnable -> daemon(runnable, "job-runner-" + threads.incrementAndGet()));

    JobRunner(JobStore store, AgentRegistry agents, AgentClient client, BurstlineProperties properties,
              LiveSampleLog liveSamples, LiveSampleRuns liveSampleRuns, ProbeWatch probes, JobWakeups wakeups,
              LatencySampleLog latencySamples, PeerDrops peerDrops, HostConfigReading configs) {
        this.store = store;
        this.rest = new HostRest(store::lastScenarioEndOn);
        this.attempt = new ScenarioAttempt(store, agents, client, properties.jobs(), liveSamples, liveSampleRuns,
                probes, wakeups, latencySamples, peerDrops, configs);
    }

    @Override
    public void start() {
        if (running) {
            return;
        }
        running = true;
        dispatcher.scheduleWithFixedDelay(this::dispatch, 0, RESCAN_SECONDS, TimeUnit.SECONDS);
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
        if (!dispatcher.isShutdown()) {
            dispatcher.execute(this::dispatch);
        }
    }

    private void dispatch() {
        try {
            for (JobStore.QueuedJob job : claims.claimStartable(store.queued())) {
                workers.execute(() -> runClaimed(job.id()));
            }
        } catch (RuntimeException e) {
            // Never let the dispatcher die: the jobs stay queued and the next scan tries again.
            log.error("The job dispatcher hit an error; it carries on with the next scan", e);
        }
    }

    private void runClaimed(long jobId) {
        try {
            run(jobId);
        } catch (InterruptedException shuttingDown) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error("Job {} hit an error; its agents are free again", jobId, e);
        } finally {
            claims.release(jobId);
            wake();
        }
    }

    private void run(long jobId) throws InterruptedException {
        log.info("Running job {}", jobId);
        Optional<JobStore.NextScenario> next;
        while ((next = store.next(jobId)).isPresent()) {
            JobStore.NextScenario scenario = next.get();
            coolDown(jobId, scenario);
            Optional<ScenarioWork> work = store.start(jobId, scenario.scenarioId());
            if (work.isPresent()) {
                try {
                    attempt.run(work.get());
                } finally {
                    rest.ended(scenario.pair().hosts(), Instant.now());
                }
            }
        }
        log.info("Job {} ended: {}", jobId, store.view(jobId).status());
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
     * Interrupts the running jobs and waits for their threads: a worker that was still writing when the context
     * closed its database would leave an embedded H2 half-closed for the next start in the same JVM.
     */
    @Override
    public void stop() {
        running = false;
        dispatcher.shutdownNow();
        workers.shutdownNow();
        try {
            if (!dispatcher.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)
                    || !workers.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                log.warn("Job threads still running {} s after shutdown began", STOP_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }
}
