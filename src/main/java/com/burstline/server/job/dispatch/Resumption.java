package com.burstline.server.job.dispatch;

import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.job.JobHistoryKind;
import com.burstline.server.job.JobResumes;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.JobWakeups;
import com.burstline.server.job.ScenarioStatus;
import com.burstline.server.system.BurstlineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;

/**
 * Resumes a job another server left (or this one, before a restart): the job's history says it resumed, and the
 * scenario whose attempt was in flight is waited for: its agents ran on and deliver its result from their spool to
 * whichever server is up, and that result settles it. When none comes by the attempt's own deadline (and at least
 * {@link #grace} from now, for agents to find the server again), the attempt is cancelled on both agents and the
 * scenario runs again, once ({@link JobResumes#settle}).
 */
@Component
class Resumption {
    private static final Logger log = LoggerFactory.getLogger(Resumption.class);
    /** How often the in-flight attempt is looked at besides the wake-up its result brings. */
    private static final Duration LOOK = Duration.ofSeconds(1);
    /**
     * The agent's spool retries every 2 s (AgentDaemon); a server just started takes its first result slowly (a cold
     * JVM on a busy host took over 6 s). Waiting longer costs nothing when the result comes: it wakes the wait.
     */
    private static final Duration SPOOL_ROUND = Duration.ofSeconds(10);

    private final JobResumes resumes;
    private final JobStore store;
    private final JobWakeups wakeups;
    private final ScenarioAttempt attempt;
    private final AgentRegistry agents;
    private final Duration margin;

    Resumption(JobResumes resumes, JobStore store, JobWakeups wakeups, ScenarioAttempt attempt, AgentRegistry agents,
               BurstlineProperties properties) {
        this.resumes = resumes;
        this.store = store;
        this.wakeups = wakeups;
        this.attempt = attempt;
        this.agents = agents;
        this.margin = properties.jobs().resultMargin();
    }

    /** Settles the in-flight scenario, if any; answers how long the next dispatch waits for its agents. */
    Duration resume(long jobId) throws InterruptedException {
        var inFlight = resumes.resumed(jobId);
        Duration grace = grace();
        if (inFlight.isPresent()) {
            var flight = inFlight.get();
            Instant ownDeadline = flight.startedAt().plusSeconds(flight.scenario().measuringSeconds())
                    .plus(margin);
            Instant deadline = max(ownDeadline, Instant.now().plus(grace));
            awaitResult(flight.key(), deadline);
            JobHistoryKind settled = resumes.settle(flight.key());
            log.info("Job {}: the scenario in flight ({}) was {}", jobId, flight.key().describe(), settled);
            if (settled != JobHistoryKind.SETTLED) {
                attempt.cancel(flight.sut(), flight.key());
                attempt.cancel(flight.peer(), flight.key());
            }
        }
        return grace;
    }

    /** Three heartbeats, after which an agent that did not find the server counts as offline anyway. */
    private Duration grace() {
        return Duration.ofSeconds(3L * agents.heartbeatSeconds()).plus(SPOOL_ROUND);
    }

    private void awaitResult(com.burstline.contract.AttemptKey key, Instant deadline) throws InterruptedException {
        wakeups.open(key.jobId());
        try {
            while (Instant.now().isBefore(deadline)
                    && store.statusOf(key).orElse(ScenarioStatus.CANCELLED) == ScenarioStatus.RUNNING) {
                wakeups.await(key.jobId(), LOOK);
            }
        } finally {
            wakeups.close(key.jobId());
        }
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
