package com.burstline.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared state of one running test on one side: its streams, whether data is being counted (iperf3's
 * TEST_RUNNING state) and sent, the omit period, and the end of the test once the time, byte or block limit is
 * reached or something failed.
 */
final class TestRun {
    final TestParams params;
    final boolean client;
    final List<DataStream> streams = new CopyOnWriteArrayList<>();
    private final AtomicLong sentBytes = new AtomicLong();
    private final AtomicLong receivedBytes = new AtomicLong();
    private final AtomicLong sentBlocks = new AtomicLong();
    private final AtomicLong receivedBlocks = new AtomicLong();
    private final CountDownLatch done = new CountDownLatch(1);
    /** Datagrams a sender has decided to send and not yet counted ({@link #beginSend}). */
    private final AtomicInteger sendsUnderWay = new AtomicInteger();
    private volatile boolean counting;
    private volatile boolean sending;
    private volatile boolean omitting;
    private volatile String failure;
    private volatile long startNanos;
    private volatile long baseNanos;
    private volatile long endNanos;
    /** One datagram's send takes microseconds; a sender blocked on a full socket buffer is not waited for. */
    private static final long SEND_WAIT_NANOS = 500_000_000;

    TestRun(TestParams params, boolean client) {
        this.params = params;
        this.client = client;
    }

    /** TEST_START/TEST_RUNNING: the clock starts and data flows. */
    void begin() {
        startNanos = System.nanoTime();
        baseNanos = startNanos;
        omitting = params.omit() > 0;
        counting = true;
        sending = true;
    }

    boolean counting() {
        return counting;
    }

    boolean sending() {
        return sending;
    }

    boolean omitting() {
        return omitting;
    }

    /**
     * A sender may start another block while the test runs and, on the client, the byte and block limits are not
     * reached. A server sends until TEST_END as iperf3's does: stopping at exactly {@code -n} bytes left a client
     * in {@code -u -R -n} waiting for ever once one datagram was lost.
     */
    boolean mayStartBlock() {
        if (!sending) {
            return false;
        }
        if (omitting || !client) {
            return true;
        }
        boolean bytesLeft = params.bytes() == 0 || sentBytes.get() < params.bytes();
        boolean blocksLeft = params.blocks() == 0 || sentBlocks.get() < params.blocks();
        if (!bytesLeft || !blocksLeft) {
            finish();
            return false;
        }
        return true;
    }

    /** Bytes handed to a socket, and how many blocks they completed (a short TCP write completes none). */
    void sent(long bytes, int blocks) {
        sentBytes.addAndGet(bytes);
        if (blocks > 0) {
            sentBlocks.addAndGet(blocks);
        }
    }

    void received(long bytes) {
        long total = receivedBytes.addAndGet(bytes);
        long blocks = receivedBlocks.incrementAndGet();
        if (!omitting && ((params.bytes() > 0 && total >= params.bytes())
                || (params.blocks() > 0 && blocks >= params.blocks()))) {
            finish();
        }
    }

    /** The omit period is over: iperf3 starts its counters and its clock over from here. */
    void omitEnded(long nowNanos) {
        baseNanos = nowNanos;
        sentBytes.set(0);
        receivedBytes.set(0);
        sentBlocks.set(0);
        receivedBlocks.set(0);
        omitting = false;
    }

    /**
     * A UDP sender about to send a datagram and count it ({@link #sendDone} after): false once the test stopped
     * sending. Counted before it looks, so that {@link #end} sees every datagram that got past this check.
     */
    boolean beginSend() {
        sendsUnderWay.incrementAndGet();
        if (sending) {
            return true;
        }
        sendsUnderWay.decrementAndGet();
        return false;
    }

    void sendDone() {
        sendsUnderWay.decrementAndGet();
    }

    /**
     * TEST_END: data is no longer counted or sent; receivers go on draining. Returns once the datagrams already on
     * their way are counted (at most {@link #SEND_WAIT_NANOS}): a datagram a sender sent before it saw the end but
     * counted after the final figures were taken reached the peer uncounted, more received than sent.
     */
    void end() {
        if (counting) {
            endNanos = System.nanoTime();
        }
        counting = false;
        sending = false;
        long deadline = System.nanoTime() + SEND_WAIT_NANOS;
        while (sendsUnderWay.get() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        finish();
    }

    /** The test reached its limit (client) or cannot go on; wakes {@link #awaitDone}. */
    void finish() {
        done.countDown();
    }

    void fail(String message) {
        if (failure == null) {
            failure = message;
        }
        finish();
    }

    String failure() {
        if (failure != null) {
            return failure;
        }
        for (DataStream stream : streams) {
            if (stream.error() != null) {
                return stream.error();
            }
        }
        return null;
    }

    boolean awaitDone(long millis) throws InterruptedException {
        return done.await(millis, TimeUnit.MILLISECONDS);
    }

    long startNanos() {
        return startNanos;
    }

    long baseNanos() {
        return baseNanos;
    }

    /** Seconds from the (post-omit) start to the end of the test, or to now while it runs. */
    double elapsedSeconds() {
        long end = counting || endNanos == 0 ? System.nanoTime() : endNanos;
        return Math.max(0, end - baseNanos) / 1e9;
    }

    void closeStreams() {
        streams.forEach(DataStream::close);
        streams.forEach(stream -> stream.join(5000));
    }
}
