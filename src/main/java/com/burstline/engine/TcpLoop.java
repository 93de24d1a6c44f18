package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Drives a group of TCP data streams from one thread over non-blocking sockets, as iperf3 3.12's single select loop
 * drives all of its streams ({@link TcpFlow} says why the streams take turns block by block). Before, a thread per
 * stream: on a 2-core host four sending threads crowded the peer's thread; a loop holds one payload for all its
 * senders. The receiving streams have a loop of their own ({@link TcpReceiveLoop}).
 */
final class TcpLoop extends StreamLoop {
    /** Bounds how long the loop sleeps when nothing is ready, so that the end of sending is seen without a wake-up. */
    private static final long IDLE_SELECT_MILLIS = 100;
    private final List<TcpFlow> paced = new ArrayList<>();
    /** Kept, not written at the call: a fresh method reference per select would be an allocation per turn. */
    private final Consumer<SelectionKey> onReady = this::ready;
    private ByteBuffer payload;

    private TcpLoop(TestRun run) throws IOException {
        super(run, SelectionKey.OP_WRITE);
    }

    /**
     * Starts the test's TCP streams: the sending ones on {@link #loopsFor} loops, each stream on one of them in turn;
     * the receiving ones all on one {@link TcpReceiveLoop}.
     */
    static void startAll(TestRun run, List<DataStream> streams) {
        List<DataStream> senders = new ArrayList<>();
        List<DataStream> receivers = new ArrayList<>();
        for (DataStream stream : streams) {
            (stream.sending ? senders : receivers).add(stream);
        }
        if (!receivers.isEmpty()) {
            TcpReceiveLoop.start(run, receivers, "engine-tcp-receive");
        }
        if (senders.isEmpty()) {
            return;
        }
        int count = loopsFor(senders.size());
        List<List<DataStream>> groups = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            groups.add(new ArrayList<>());
        }
        for (int i = 0; i < senders.size(); i++) {
            groups.get(i % count).add(senders.get(i));
        }
        for (int i = 0; i < count; i++) {
            start(run, groups.get(i), "engine-tcp-" + i);
        }
    }

    /**
     * One loop per two cores, the other core left to the kernel's packet processing: one loop (iperf3 3.12's model)
     * on a 2-core host, where more loops only compete with the kernel; more where one core cannot keep up.
     */
    static int loopsFor(int streams) {
        return Math.max(1, Math.min(streams, Runtime.getRuntime().availableProcessors() / 2));
    }

    private static void start(TestRun run, List<DataStream> group, String name) {
        StreamLoop.start(name, () -> new TcpLoop(run), group);
    }

    @Override
    TcpFlow flow(DataStream stream, SocketChannel channel) {
        if (payload == null) {
            payload = TcpWorkers.payload(run.params.len());
        }
        return TcpFlow.sender(run, stream, channel, payload);
    }

    @Override
    void pass() throws IOException {
        selector.select(onReady, timeoutMillis());
        sweep();
    }

    private void ready(SelectionKey key) {
        TcpFlow flow = (TcpFlow) key.attachment();
        switch (flow.turn()) {
            case DONE -> key.cancel();
            case PACED -> {
                if (interest(flow, 0)) {
                    paced.add(flow);
                }
            }
            default -> {
                // the next select says when it may go on
            }
        }
    }

    /** Drops the streams that ended or were closed, and lets paced senders whose time has come write again. */
    private void sweep() {
        for (int i = flows.size() - 1; i >= 0; i--) {
            TcpFlow flow = flows.get(i);
            if (!flow.key().isValid() || !flow.channel.isOpen()) {
                flow.key().cancel();
                paced.remove(flow);
                flows.remove(i);
            }
        }
        long now = System.nanoTime();
        for (int i = paced.size() - 1; i >= 0; i--) {
            TcpFlow flow = paced.get(i);
            if (now - flow.resumeAtNanos() >= 0) {
                interest(flow, SelectionKey.OP_WRITE);
                paced.remove(i);
            }
        }
    }

    /** False when the stream was closed meanwhile (from the control thread); the sweep then drops it. */
    private static boolean interest(TcpFlow flow, int ops) {
        try {
            flow.key().interestOps(ops);
            return true;
        } catch (CancelledKeyException closed) {
            return false;
        }
    }

    /** At most the idle bound; the next paced sender's time (at least iperf3's 1 ms pacing timer) when sooner. */
    private long timeoutMillis() {
        long timeout = IDLE_SELECT_MILLIS;
        long now = System.nanoTime();
        for (int i = 0; i < paced.size(); i++) {
            timeout = Math.min(timeout, Math.max(1, (paced.get(i).resumeAtNanos() - now + 999_999) / 1_000_000));
        }
        return timeout;
    }
}
