package com.burstline.engine;

/**
 * The client's concurrent flows of a request/response test, each with one transaction outstanding at a time, every
 * completed round trip recorded in one {@link LatencyRecorder}. Started once, stopped once: stopping closes their
 * sockets, which ends any wait at once, so the test ends on time whatever the peer does.
 */
interface TransactionFlows {
    void start();

    /** Stops every flow and waits until their threads are gone. */
    void stop() throws InterruptedException;

    /** After how long an unanswered transaction counts lost; null where none is (TCP retransmits until it gets one). */
    Double timeoutMs();
}
