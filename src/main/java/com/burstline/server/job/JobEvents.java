package com.burstline.server.job;

import com.burstline.contract.LiveSamples;
import com.burstline.server.cluster.ClusterNotifications;
import jakarta.annotation.PreDestroy;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import java.time.Duration;
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
 * whenever it or one of its scenarios changes, a {@code samples} event for each batch of live samples and a {@code
 * latency} event for each batch of latency samples ({@link LatencyBatch}). All come from the database, so a page
 * hears what happened on any server sharing it: this server's own changes at once, another's when its notification
 * arrives ({@link ClusterNotifications}). A page opened mid-scenario first gets the job's last {@value #BUFFER}
 * batches of each kind.
 */
@Component
public class JobEvents {
    static final int BUFFER = 120;
    private static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration SWEEP = Duration.ofSeconds(5);

    private final Map<Long, List<Subscriber>> subscribers = new ConcurrentHashMap<>();
    private final Relay<LiveSamples> samples;
    private final Relay<LatencyBatch> latency;
    private final JobStore store;
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

    /** A kind of stored batch and the event each batch is sent as. */
    private record Relay<B>(String event, BatchLog<B> log) {
    }

    /** The store comes lazily: it announces its changes here. */
    JobEvents(LiveSampleLog samples, LatencySampleLog latency, @Lazy JobStore store, ClusterNotifications cluster) {
        this.samples = new Relay<>("samples", samples);
        this.latency = new Relay<>("latency", latency.relayed());
        this.store = store;
        cluster.on(ClusterNotifications.Topic.SAMPLES, this::samplesArrived);
        cluster.on(ClusterNotifications.Topic.LATENCY, this::latencyArrived);
        cluster.on(ClusterNotifications.Topic.JOB_CHANGED, this::changedElsewhere);
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
        Runnable remove = () -> ofJob.remove(subscriber);
        emitter.onCompletion(remove);
        emitter.onTimeout(remove);
        emitter.onError(error -> remove.run());
        subscriber.send("job", job);
        synchronized (subscriber) { // a batch arriving meanwhile waits, and is then sent only if it is newer
            ofJob.add(subscriber);
            for (Relay<?> relay : List.of(samples, latency)) {
                for (BatchLog.Stored<?> batch : relay.log().lastOfJob(job.id(), BUFFER)) {
                    subscriber.sendStored(relay.event(), batch.id(), batch.batch());
                }
            }
        }
        return emitter;
    }

    /** Called after every committed change here. */
    void changed(JobView job) {
        publish(job.id(), "job", job);
    }

    /** Another server changed the job: read it, if anyone here watches it. */
    private void changedElsewhere(long jobId) {
        if (subscribers.containsKey(jobId) && !subscribers.get(jobId).isEmpty()) {
            changed(store.view(jobId));
        }
    }

    /** New live samples of the job are in the database (from an agent's post here or on another server). */
    public void samplesArrived(long jobId) {
        relay(samples, jobId);
    }

    /** New latency samples of the job are in the database (from an agent's post here or on another server). */
    public void latencyArrived(long jobId) {
        relay(latency, jobId);
    }

    private void relay(Relay<?> relay, long jobId) {
        List<Subscriber> ofJob = subscribers.get(jobId);
        if (ofJob == null || ofJob.isEmpty()) {
            return;
        }
        long from = ofJob.stream().mapToLong(subscriber -> subscriber.lastId(relay.event())).min().orElse(0);
        List<? extends BatchLog.Stored<?>> batches = relay.log().ofJobAfter(jobId, from);
        for (Subscriber subscriber : ofJob) {
            synchronized (subscriber) {
                for (BatchLog.Stored<?> batch : batches) {
                    if (batch.id() > subscriber.lastId(relay.event())) {
                        subscriber.sendStored(relay.event(), batch.id(), batch.batch());
                    }
                }
            }
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
