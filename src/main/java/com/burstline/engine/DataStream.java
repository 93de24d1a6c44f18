package com.burstline.engine;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;

/** One data connection (TCP) or datagram flow (UDP) of a test, with its thread (shared, for TCP) and its failure. */
final class DataStream {
    final int id;
    final boolean sending;
    final StreamCounters counters = new StreamCounters();
    final InetSocketAddress local;
    final InetSocketAddress remote;
    private final Closeable channel;
    private volatile Thread thread;
    private volatile Runnable wake;
    private volatile String error;

    DataStream(int id, boolean sending, Closeable channel, InetSocketAddress local, InetSocketAddress remote) {
        this.id = id;
        this.sending = sending;
        this.channel = channel;
        this.local = local;
        this.remote = remote;
    }

    /** iperf3 numbers streams 1, 3, 4, 5, … in creation order (reference §4.1). */
    static int idFor(int index) {
        return index == 0 ? 1 : index + 2;
    }

    java.io.Closeable channel() {
        return channel;
    }

    void start(Runnable work, String name) {
        Thread t = new Thread(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                fail(e.getMessage());
            }
        }, name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** Runs this stream on a thread shared with others ({@link TcpLoop}); {@code wakeOnClose} tells it of a close. */
    void attach(Thread shared, Runnable wakeOnClose) {
        thread = shared;
        wake = wakeOnClose;
    }

    void fail(String message) {
        if (error == null) {
            error = message;
        }
    }

    String error() {
        return error;
    }

    void close() {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // already gone
        }
        Runnable w = wake;
        if (w != null) {
            w.run();
        }
    }

    void join(long millis) {
        Thread t = thread;
        if (t == null) {
            return;
        }
        try {
            t.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
