package com.burstline.agent;

import com.burstline.contract.LatencyProbeSpec;

import java.nio.ByteBuffer;

/**
 * The loaded-latency probe's datagram, a request and its answer alike ({@link LatencyProbeSpec#DATAGRAM_BYTES}):
 * a magic number and kind, the session the server drew, the request's sequence number, the SUT's clock when it sent
 * the request, and the peer's clock when its agent received it and when it sent the answer. Each host's clock is its
 * own monotonic one, so only differences taken on one host, or a direction's changes over time, mean anything.
 */
final class LatencyProbeDatagram {
    static final int BYTES = LatencyProbeSpec.DATAGRAM_BYTES;
    private static final int MAGIC = 0x424C4C50; // "BLLP"
    static final byte REQUEST = 1;
    static final byte ANSWER = 2;
    private static final int KIND = 4;
    private static final int SESSION = 8;
    private static final int SEQUENCE = 16;
    private static final int SENT = 24;
    private static final int PEER_RECEIVED = 32;
    private static final int PEER_SENT = 40;

    private LatencyProbeDatagram() {
    }

    /** Fills {@code buffer} with a request, ready to send. */
    static void request(ByteBuffer buffer, long session, long sequence, long sentNanos) {
        buffer.clear();
        buffer.putInt(0, MAGIC).put(KIND, REQUEST).putLong(SESSION, session).putLong(SEQUENCE, sequence)
                .putLong(SENT, sentNanos).putLong(PEER_RECEIVED, 0).putLong(PEER_SENT, 0);
        buffer.position(0).limit(BYTES);
    }

    /** Whether the received datagram in {@code buffer} (position at its end) is {@code kind} of this session. */
    static boolean is(ByteBuffer buffer, byte kind, long session) {
        return buffer.position() == BYTES && buffer.getInt(0) == MAGIC && buffer.get(KIND) == kind
                && buffer.getLong(SESSION) == session;
    }

    /** Turns a received request into its answer, ready to send: the peer's two clock readings written in. */
    static void answer(ByteBuffer buffer, long receivedNanos, long sentNanos) {
        buffer.put(KIND, ANSWER).putLong(PEER_RECEIVED, receivedNanos).putLong(PEER_SENT, sentNanos);
        buffer.position(0).limit(BYTES);
    }

    static long sequence(ByteBuffer buffer) {
        return buffer.getLong(SEQUENCE);
    }

    static long sent(ByteBuffer buffer) {
        return buffer.getLong(SENT);
    }

    static long peerReceived(ByteBuffer buffer) {
        return buffer.getLong(PEER_RECEIVED);
    }

    static long peerSent(ByteBuffer buffer) {
        return buffer.getLong(PEER_SENT);
    }
}
