package com.burstline.server.job;

import com.burstline.server.agent.AgentRegistry;
import com.burstline.server.system.BurstlineProperties;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs queued jobs, oldest first, on one worker thread: one scenario at a time on the whole server. That is the
 * simplest way to never have two scenarios on the same agents at once, and measurements that share a host or a link
 * would disturb each other anyway. The cost: jobs on unrelated agent pairs wait for each other.
 */
@Component
class JobRunner {
    private static final Logger log = LoggerFactory.getLogger(JobRunner.class);
    /** A missed wake-up (or a database hiccup) delays a queued job by this much at most. */
    private static final long RESCAN_SECONDS = 10;

    private final JobStore store;
    private final ScenarioAttempt attempt;
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "job-runner");
        thread.setDaemon(true);
        return thread;
    });

    JobRunner(JobStore store, AgentRegistry agents, AgentClient client, BurstlineProperties properties,
              LiveSampleLog liveSamples, LiveSampleRuns liveSampleRuns, ProbeWatch probes) {
        this.store = store;
        this.attempt = new ScenarioAttempt(store, agents, client, properties.jobs(), liveSamples, liveSampleRuns,
                probes);
    }

    /** Called once unfinished jobs of an earlier run of the server have been ended (see {@link JobRecovery}). */
    void start() {
        worker.scheduleWithFixedDelay(this::runQueued, 0, RESCAN_SECONDS, TimeUnit.SECONDS);
    }

    /** A job was queued: run it as soon as the worker is free. */
    void wake() {
        worker.execute(this::runQueued);
    }

    private void runQueued() {
        try {
            Optional<Long> next;
            while (!Thread.currentThread().isInterrupted() && (next = store.nextQueued()).isPresent()) {
                run(next.get());
            }
        } catch (InterruptedException shuttingDown) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // Never let the worker die: the job stays as it is and the next scan tries again.
            log.error("The job runner hit an error; it carries on with the next scan", e);
        }
    }

    private void run(long jobId) throws InterruptedException {
        log.info("Running job {}", jobId);
        Optional<ScenarioWork> work;
        while ((work = store.startNext(jobId)).isPresent()) {
            attempt.run(work.get());
        }
        log.info("Job {} ended: {}", jobId, store.view(jobId).status());
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }
}
