package com.burstline.server.job;

import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * One browser's event stream. Events wait in a small queue and are written by a pool thread, never by the thread
 * that produced them: a slow browser must not hold up an agent's request. A browser that falls a whole queue behind
 * is disconnected; its EventSource reconnects and gets the buffered samples again. The stream ends when the
 * credential it was opened with does (a revoked token, a deleted or demoted user, an ended session): asked before
 * every batch it writes, and by {@link JobEvents}' sweep while it is quiet.
 */
final class Subscriber {
    private static final int QUEUE = 256;

    private final SseEmitter emitter;
    private final Executor writer;
    private final BooleanSupplier credentialHeld;
    private final BlockingQueue<SseEmitter.SseEventBuilder> queue = new ArrayBlockingQueue<>(QUEUE);
    private final AtomicBoolean writing = new AtomicBoolean();
    private volatile boolean closed;
    /** Per event name, the id of the last stored batch sent. */
    private final Map<String, Long> lastIds = new ConcurrentHashMap<>();

    Subscriber(SseEmitter emitter, Executor writer, BooleanSupplier credentialHeld) {
        this.emitter = emitter;
        this.writer = writer;
        this.credentialHeld = credentialHeld;
    }

    /** Ends the stream when its credential no longer holds; true while it goes on. */
    boolean stillAllowed() {
        if (!closed && !credentialHeld.getAsBoolean()) {
            close();
        }
        return !closed;
    }

    SseEmitter emitter() {
        return emitter;
    }

    boolean closed() {
        return closed;
    }

    void send(String name, Object data) {
        if (closed) {
            return;
        }
        if (!queue.offer(SseEmitter.event().name(name).data(data))) {
            close();
            return;
        }
        if (writing.compareAndSet(false, true)) {
            writer.execute(this::drain);
        }
    }

    /** A stored batch (live or latency samples), each sent once: the id is the database's, one series per name. */
    void sendStored(String name, long id, Object batch) {
        lastIds.merge(name, id, Math::max);
        send(name, batch);
    }

    long lastId(String name) {
        return lastIds.getOrDefault(name, 0L);
    }

    void close() {
        closed = true;
        queue.clear();
        emitter.complete();
    }

    private void drain() {
        try {
            SseEmitter.SseEventBuilder event;
            while (stillAllowed() && (event = queue.poll()) != null) {
                emitter.send(event);
            }
        } catch (IOException | IllegalStateException browserGone) {
            closed = true;
        } finally {
            writing.set(false);
        }
        // An event queued between the last poll and clearing the flag would otherwise wait for the next one.
        if (!closed && !queue.isEmpty() && writing.compareAndSet(false, true)) {
            writer.execute(this::drain);
        }
    }
}
