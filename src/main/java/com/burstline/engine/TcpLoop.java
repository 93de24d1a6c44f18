package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Drives a group of TCP data streams from one thread over non-blocking sockets, as iperf3 3.12's single select loop
 * drives all of its streams. A thread per stream was slower on a small host: across a veth four sending threads on
 * two cores reached half of iperf3's rate, their wake-ups and migrations between cores costing more than the writes.
 */
final class TcpLoop {
    /** Bounds how long the loop sleeps when nothing is ready, so that the end of sending is seen without a wake-up. */
    private static final long IDLE_SELECT_MILLIS = 100;
    private final TestRun run;
    private final Selector selector;
    private final List<TcpFlow> flows = new ArrayList<>();
    private final List<TcpFlow> paced = new ArrayList<>();
    private ByteBuffer inbox;
    private ByteBuffer payload;

    private TcpLoop(TestRun run) throws IOException {
        this.run = run;
        this.selector = Selector.open();
    }

    /** Starts the test's TCP streams on {@link #loopsFor} loops, each stream on one of them in turn. */
    static void startAll(TestRun run, List<DataStream> streams) {
        int count = loopsFor(streams.size());
        List<List<DataStream>> groups = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            groups.add(new ArrayList<>());
        }
        for (int i = 0; i < streams.size(); i++) {
            groups.get(i % count).add(streams.get(i));
        }
        for (int i = 0; i < count; i++) {
            start(run, groups.get(i), "engine-tcp-" + i);
        }
    }

    /** One loop, iperf3's model, unless {@code burstline.engine.tcpLoops} says otherwise. */
    static int loopsFor(int streams) {
        int asked = Integer.getInteger("burstline.engine.tcpLoops", 1);
        return Math.max(1, Math.min(streams, asked <= 0 ? streams : asked));
    }

    private static void start(TestRun run, List<DataStream> group, String name) {
        TcpLoop loop;
        try {
            loop = new TcpLoop(run);
            for (DataStream stream : group) {
                loop.add(stream, (SocketChannel) stream.channel());
            }
        } catch (IOException e) {
            throw new EngineException("unable to start the data streams: " + e.getMessage(), e);
        }
        Thread thread = new Thread(loop::run, name);
        thread.setDaemon(true);
        for (DataStream stream : group) {
            stream.attach(thread, loop.selector::wakeup);
        }
        thread.start();
    }

    private void add(DataStream stream, SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
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
        flow.register(channel.register(selector, stream.sending ? SelectionKey.OP_WRITE : SelectionKey.OP_READ,
                flow));
        flows.add(flow);
    }

    private void run() {
        try {
            while (!flows.isEmpty()) {
                selector.select(this::ready, timeoutMillis());
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
        for (Iterator<TcpFlow> it = flows.iterator(); it.hasNext();) {
            TcpFlow flow = it.next();
            if (!flow.key().isValid() || !flow.channel.isOpen()) {
                flow.key().cancel();
                paced.remove(flow);
                it.remove();
            }
        }
        long now = System.nanoTime();
        paced.removeIf(flow -> {
            if (now - flow.resumeAtNanos() < 0) {
                return false;
            }
            interest(flow, SelectionKey.OP_WRITE);
            return true;
        });
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
        for (TcpFlow flow : paced) {
            timeout = Math.min(timeout, Math.max(1, (flow.resumeAtNanos() - now + 999_999) / 1_000_000));
        }
        return timeout;
    }
}
