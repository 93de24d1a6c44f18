package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LiveSamples;
import jakarta.annotation.PreDestroy;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The server-sent events of each job ({@code GET /api/v1/jobs/{id}/events}): a {@code job} event with the whole job
 * whenever it or one of its scenarios changes, and a {@code samples} event for each batch of live samples. The
 * samples of the running scenario are also kept (the last {@value #BUFFER} batches), so a page opened mid-scenario
 * draws what it missed.
 */
@Component
public class JobEvents {
    static final int BUFFER = 120;
    private static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration SWEEP = Duration.ofSeconds(5);

    private final Map<Long, List<Subscriber>> subscribers = new ConcurrentHashMap<>();
    private final Map<AttemptKey, Deque<LiveSamples>> running = new ConcurrentHashMap<>();
    private final ExecutorService writers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "job-events");
        thread.setDaemon(true);
        return thread;
    });
    /** Quiet streams too end soon after their credential is taken back, not only at their next event. */
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "job-events-sweep");
        thread.setDaemon(true);
        return thread;
    });

    JobEvents() {
        sweeper.scheduleWithFixedDelay(this::sweep, SWEEP.toMillis(), SWEEP.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void sweep() {
        try {
            subscribers.values().forEach(ofJob -> ofJob.removeIf(subscriber -> !subscriber.stillAllowed()));
        } catch (RuntimeException databaseAway) {
            // the next sweep asks again; each stream also asks before it writes
        }
    }

    /** @param credentialHeld whether the credential the stream was opened with still holds */
    SseEmitter subscribe(JobView job, BooleanSupplier credentialHeld) {
        SseEmitter emitter = new SseEmitter(STREAM_TIMEOUT.toMillis());
        Subscriber subscriber = new Subscriber(emitter, writers, credentialHeld);
        List<Subscriber> ofJob = subscribers.computeIfAbsent(job.id(), id -> new CopyOnWriteArrayList<>());
        ofJob.add(subscriber);
        Runnable remove = () -> ofJob.remove(subscriber);
        emitter.onCompletion(remove);
        emitter.onTimeout(remove);
        emitter.onError(error -> remove.run());
        subscriber.send("job", job);
        running.forEach((key, samples) -> {
            if (key.jobId() == job.id()) {
                snapshot(samples).forEach(batch -> subscriber.send("samples", batch));
            }
        });
        return emitter;
    }

    /** Called after every committed change; keeps a sample buffer exactly for the scenario attempts now running. */
    synchronized void changed(JobView job) {
        for (ScenarioView scenario : job.scenarios()) {
            AttemptKey key = new AttemptKey(job.id(), scenario.id(), scenario.attempt());
            if (scenario.status() == ScenarioStatus.RUNNING) {
                running.computeIfAbsent(key, k -> new ArrayDeque<>());
            } else {
                running.remove(key);
            }
        }
        publish(job.id(), "job", job);
    }

    /** Relays samples of a running scenario; false (dropped) when that scenario attempt is not running. */
    public boolean live(AttemptKey key, LiveSamples samples) {
        Deque<LiveSamples> buffer = running.get(key);
        if (buffer == null) {
            return false;
        }
        synchronized (buffer) {
            if (buffer.size() == BUFFER) {
                buffer.removeFirst();
            }
            buffer.addLast(samples);
        }
        publish(key.jobId(), "samples", samples);
        return true;
    }

    /**
     * Relays a running scenario's latency samples (the agent's {@code LatencySamples} without its nonce) as a
     * {@code latency} event; false (dropped) when that scenario attempt is not running.
     */
    public boolean latency(AttemptKey key, Map<String, Object> samples) {
        if (!running.containsKey(key)) {
            return false;
        }
        publish(key.jobId(), "latency", samples);
        return true;
    }

    private static List<LiveSamples> snapshot(Deque<LiveSamples> buffer) {
        synchronized (buffer) {
            return List.copyOf(buffer);
        }
    }

    private void publish(long jobId, String name, Object data) {
        List<Subscriber> ofJob = subscribers.get(jobId);
        if (ofJob != null) {
            ofJob.removeIf(Subscriber::closed);
            ofJob.forEach(subscriber -> subscriber.send(name, data));
        }
    }

    /**
     * On the context's close event, before the web server's graceful shutdown: open event streams are requests that
     * never end by themselves, and the graceful shutdown would otherwise wait its full timeout for them.
     */
    @EventListener(ContextClosedEvent.class)
    void endStreams() {
        subscribers.values().forEach(ofJob -> ofJob.forEach(Subscriber::close));
    }

    @PreDestroy
    void close() {
        sweeper.shutdownNow();
        subscribers.values().forEach(ofJob -> ofJob.forEach(Subscriber::close));
        writers.shutdownNow();
    }
}
