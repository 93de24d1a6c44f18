package com.burstline.engine;

import java.util.concurrent.atomic.AtomicLong;

/** The server's answering side of a request/response test: echoes every request until closed. */
abstract class Echoes implements AutoCloseable {
    /** Counted from the echoing threads, read by the control thread at the test's end. */
    private final AtomicLong served = new AtomicLong();

    /** Requests answered so far. */
    final long served() {
        return served.get();
    }

    /** Counts one request answered. */
    final void answered() {
        served.incrementAndGet();
    }

    /** Stops answering and waits until its threads are gone; closing twice changes nothing. */
    @Override
    public abstract void close();
}
