package com.burstline.server.system;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;

import java.io.IOException;

/**
 * A request body that must have arrived by a deadline. The container's own timeout bounds each read (a client that
 * sends a byte every few seconds never trips it), so this one is checked between reads: past the deadline the next
 * read fails, and the thread that held the request is free again. A read may overrun it by at most the container's
 * read timeout ({@code server.tomcat.connection-timeout}).
 */
final class DeadlineInputStream extends ServletInputStream {
    private final ServletInputStream in;
    private final long deadlineNanos;
    private final String limit;
    private volatile boolean expired;

    /** @param limit the deadline in words, for the exception ("60 s") */
    DeadlineInputStream(ServletInputStream in, long deadlineNanos, String limit) {
        this.in = in;
        this.deadlineNanos = deadlineNanos;
        this.limit = limit;
    }

    /** The body failed to arrive in time: some read was refused. */
    static final class Expired extends SlowBodyException {
        Expired(String limit) {
            super(limit);
        }
    }

    boolean expired() {
        return expired;
    }

    @Override
    public int read() throws IOException {
        check();
        int read = in.read();
        if (read >= 0 && !in.isFinished()) {
            check();
        }
        return read;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        check();
        int read = in.read(buffer, offset, length);
        if (read > 0 && in.isFinished()) {
            return read; // the last bytes arrived: the body made its deadline
        }
        check();
        return read;
    }

    private void check() throws Expired {
        if (System.nanoTime() - deadlineNanos > 0) {
            expired = true;
            throw new Expired(limit);
        }
    }

    @Override
    public boolean isFinished() {
        return in.isFinished();
    }

    @Override
    public boolean isReady() {
        return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        throw new UnsupportedOperationException("bodies here are read blocking, within their deadline");
    }
}
