package com.burstline.server.job;

import com.burstline.server.cluster.ClusterNotifications;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Wakes the thread running a job's scenario as soon as the job changes (a result arrived, a cancel, a failure), so
 * that the next scenario starts at once rather than at the next look. The thread still looks at a slower pace for
 * what no change announces: a lost heartbeat, a deadline, a probe's drop.
 */
@Component
public class JobWakeups {
    private final ConcurrentHashMap<Long, Semaphore> waiting = new ConcurrentHashMap<>();

    /** A change committed by another server on the database wakes the job's thread here too. */
    JobWakeups(ClusterNotifications cluster) {
        cluster.on(ClusterNotifications.Topic.JOB_CHANGED, this::changed);
    }

    /** Before the scenario starts, so that no change between then and the first wait is missed. */
    public void open(long jobId) {
        waiting.computeIfAbsent(jobId, id -> new Semaphore(0));
    }

    public void close(long jobId) {
        waiting.remove(jobId);
    }

    /** Called after a change of the job committed. */
    void changed(long jobId) {
        Semaphore semaphore = waiting.get(jobId);
        if (semaphore != null) {
            semaphore.release();
        }
    }

    /** Until the job changes or {@code most} passes; a change since the last wait returns at once. */
    public void await(long jobId, Duration most) throws InterruptedException {
        Semaphore semaphore = waiting.get(jobId);
        if (semaphore == null) {
            Thread.sleep(most.toMillis());
            return;
        }
        if (semaphore.tryAcquire(most.toMillis(), TimeUnit.MILLISECONDS)) {
            semaphore.drainPermits();
        }
    }
}
