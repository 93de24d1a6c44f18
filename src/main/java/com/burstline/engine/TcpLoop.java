package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Drives a group of TCP data streams from one thread over non-blocking sockets, as iperf3 3.12's single select loop
 * drives all of its streams ({@link TcpFlow} says why the streams take turns block by block). Before, a thread per
 * stream: on a 2-core host four sending threads crowded the peer's thread; a loop holds one payload for all its
 * senders. Receiving streams measured better each on a thread of its own, blocking ({@link #receiveAlone}).
 */
final class TcpLoop {
    /** Bounds how long the loop sleeps when nothing is ready, so that the end of sending is seen without a wake-up. */
    private static final long IDLE_SELECT_MILLIS = 100;
    private final TestRun run;
    /** Null on a receiving stream's thread: it blocks on its one socket instead of selecting. */
    private final Selector selector;
    private final List<TcpFlow> flows = new ArrayList<>();
    private final List<TcpFlow> paced = new ArrayList<>();
    /** Kept, not written at the call: a fresh method reference per select would be an allocation per turn. */
    private final Consumer<SelectionKey> onReady = this::ready;
    /** A receiving stream's thread: it blocks on its one socket instead of selecting ({@link #receiveAlone}). */
    private final boolean receiver;
    private ByteBuffer inbox;
    private ByteBuffer payload;

    private TcpLoop(TestRun run, boolean receiver) throws IOException {
        this.run = run;
        this.receiver = receiver;
        this.selector = receiver ? null : Selector.open();
    }

    /**
     * Starts the test's TCP streams: the sending ones on {@link #loopsFor} loops, each stream on one of them in turn;
     * each receiving one alone, blocking on a thread of its own ({@link #receiveAlone} says why).
     */
    static void startAll(TestRun run, List<DataStream> streams) {
        List<DataStream> senders = new ArrayList<>();
        int threads = 0;
        for (DataStream stream : streams) {
            if (stream.sending) {
                senders.add(stream);
            } else {
                start(run, List.of(stream), "engine-tcp-" + threads++);
            }
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
        for (List<DataStream> group : groups) {
            start(run, group, "engine-tcp-" + threads++);
        }
    }

    /**
     * One loop per two cores, the other core left to the kernel's packet processing: one loop (iperf3 3.12's model)
     * on a 2-core host, where two or four loops measured no better; more where one core cannot keep up.
     */
    static int loopsFor(int streams) {
        return Math.max(1, Math.min(streams, Runtime.getRuntime().availableProcessors() / 2));
    }

    private static void start(TestRun run, List<DataStream> group, String name) {
        TcpLoop loop;
        try {
            loop = new TcpLoop(run, !group.get(0).sending);
            for (DataStream stream : group) {
                loop.add(stream, (SocketChannel) stream.channel());
            }
        } catch (IOException e) {
            throw new EngineException("unable to start the data streams: " + e.getMessage(), e);
        }
        Thread thread = new Thread(loop::run, name);
        thread.setDaemon(true);
        // a close ends a blocked read by itself; a selecting loop must be woken to notice it
        Runnable wakeOnClose = loop.receiver ? null : loop.selector::wakeup;
        for (DataStream stream : group) {
            stream.attach(thread, wakeOnClose);
        }
        thread.start();
    }

    private void add(DataStream stream, SocketChannel channel) throws IOException {
        channel.configureBlocking(receiver);
        TcpFlow flow;
        if (stream.sending) {
            if (payload == null) {
                payload = TcpWorkers.payload(run.params.len());
            }
            flow = TcpFlow.sender(run, stream, channel, payload);
        } else {
            if (inbox == null) {
                inbox = ByteBuffer.allocateDirect(Math.max(run.params.len(), Wire.DEFAULT_TCP_BLKSIZE));
            }
            flow = TcpFlow.receiver(run, stream, channel);
        }
        if (!receiver) {
            flow.register(channel.register(selector, SelectionKey.OP_WRITE, flow));
        }
        flows.add(flow);
    }

    private void run() {
        try {
            if (receiver) {
                receiveAlone(flows.get(0));
                return;
            }
            while (!flows.isEmpty()) {
                selector.select(onReady, timeoutMillis());
                sweep();
            }
        } catch (IOException | RuntimeException e) {
            for (TcpFlow flow : flows) {
                TcpWorkers.failIfRunning(run, flow.stream, "data stream " + flow.stream.id + ": " + e.getMessage());
            }
        } finally {
            ClientStreams.closeQuietly(selector);
        }
    }

    /**
     * A receiving stream blocks on its socket, as a thread per stream did: across a veth one stream received at
     * 0.97-1.04x iperf3 3.12's rate this way against 0.91-0.94x on the loop (an {@code epoll_wait} per wake-up on top
     * of the read), four at 0.77-0.86x against 0.72-0.80x (medians of two runs, docs/benchmarks.md). A close from the
     * control thread ends a blocked read.
     */
    private void receiveAlone(TcpFlow flow) {
        while (flow.turn(inbox) != TcpFlow.Turn.DONE) {
            // the next read blocks until data, the end of the stream or a close
        }
    }

    private void ready(SelectionKey key) {
        TcpFlow flow = (TcpFlow) key.attachment();
        switch (flow.turn(inbox)) {
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
