package com.burstline.server.schedule;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Fires due schedules on one thread of its own: it sleeps until the earliest next run of any active schedule (at most
 * {@link #RESCAN}, so a missed wake-up costs little), fires what is due, and sleeps again. It starts once the
 * application is ready, after the fires missed while no server was up were made up or recorded ({@link Fires}).
 * Every server on a shared database runs one: a fire is claimed under the schedule's row lock, so it happens once.
 */
@Component
class Scheduler {
    private static final Logger log = LoggerFactory.getLogger(Scheduler.class);
    static final Duration RESCAN = Duration.ofSeconds(10);

    private final ScheduleStore store;
    private final Fires fires;
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "schedule-runner");
        thread.setDaemon(true);
        return thread;
    });
    /** Touched only on the worker thread. */
    private ScheduledFuture<?> pending;
    private volatile boolean started;

    Scheduler(ScheduleStore store, Fires fires) {
        this.store = store;
        this.fires = fires;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        started = true;
        worker.execute(() -> {
            try {
                store.active().forEach(fires::recompute);
            } catch (RuntimeException e) {
                log.error("Schedules could not be recomputed at start-up; the next scan tries again", e);
            }
            tick();
        });
    }

    /** A schedule was created, resumed, paused or deleted: look again at once. */
    void wake() {
        if (started) {
            worker.execute(this::tick);
        }
    }

    private void tick() {
        try {
            for (long id : store.due()) {
                fires.fire(id);
            }
        } catch (RuntimeException e) {
            // Never let the scheduler die: the schedule stays as it is and the next tick tries again.
            log.error("The scheduler hit an error; it carries on with the next scan", e);
        }
        rearm();
    }

    private void rearm() {
        if (pending != null) {
            pending.cancel(false);
        }
        long delay = RESCAN.toMillis();
        try {
            Instant next = store.earliestNext().orElse(null);
            if (next != null) {
                delay = Math.max(0, Math.min(delay, Duration.between(store.now(), next).toMillis()));
            }
        } catch (RuntimeException e) {
            log.warn("The scheduler could not read the next run time; it looks again in {}", RESCAN, e);
        }
        pending = worker.schedule(this::tick, delay, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }
}
