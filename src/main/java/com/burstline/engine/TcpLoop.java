package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Drives a group of TCP data streams from one thread over non-blocking sockets, as iperf3 3.12's single select loop
 * drives all of its streams ({@link TcpFlow} says why the streams take turns block by block). Before, a thread per
 * stream: on a 2-core host four sending threads crowded the peer's thread, and 128 streams were 128 threads and 256
 * direct buffers; a loop holds one payload and one receive buffer.
 */
final class TcpLoop {
    /** Bounds how long the loop sleeps when nothing is ready, so that the end of sending is seen without a wake-up. */
    private static final long IDLE_SELECT_MILLIS = 100;
    /**
     * Rounds over the ready streams per wake-up, iperf3 3.12's {@code multisend}: a stream still ready after its
     * turn goes again in the next round, one block or one drain each, instead of waiting for another select.
     */
    private static final int ROUNDS_PER_SELECT = 10;
    /** iperf3's pacing timer: how long a paced stream alone parks at most before it looks again. */
    private static final long PACED_PARK_NANOS = 1_000_000;
    private final TestRun run;
    private final Selector selector;
    private final List<TcpFlow> flows = new ArrayList<>();
    private final List<TcpFlow> paced = new ArrayList<>();
    /** Kept, not written at the call: a fresh method reference per select would be an allocation per turn. */
    private final Consumer<SelectionKey> onReady = this::ready;
    private final List<TcpFlow> ready = new ArrayList<>();
    /** One stream only: it blocks on its socket instead of selecting ({@link #runAlone}). */
    private boolean alone;
    private ByteBuffer inbox;
    private ByteBuffer payload;

    private TcpLoop(TestRun run) throws IOException {
        this.run = run;
        this.selector = Selector.open();
    }

    /**
     * Starts the test's TCP streams: the sending ones on {@link #loopsFor} loops, each stream on one of them in turn;
     * each receiving one alone, blocking on its own thread. Receiving, four streams on one loop measured 0.71x
     * iperf3 3.12's rate across a veth at 1.34x its CPU per Gbit/s, a thread each 0.82x at 1.17x (docs/benchmarks.md).
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
            loop = new TcpLoop(run);
            loop.alone = group.size() == 1;
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
        channel.configureBlocking(alone);
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
        if (!alone) {
            flow.register(channel.register(selector, stream.sending ? SelectionKey.OP_WRITE : SelectionKey.OP_READ,
                    flow));
        }
        flows.add(flow);
    }

    private void run() {
        try {
            if (alone) {
                runAlone(flows.get(0));
                return;
            }
            while (!flows.isEmpty()) {
                selector.select(onReady, timeoutMillis());
                serve();
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
     * A stream with no other to take turns with blocks on its socket, as a thread per stream did: a select before
     * every block or drain cost one stream 5-10 % of its rate and more CPU per byte (docs/benchmarks.md). A close
     * from the control thread ends a blocked read or write; a paced sender parks until its time, 1 ms at most.
     */
    private void runAlone(TcpFlow flow) {
        TcpFlow.Turn turn;
        while ((turn = flow.turn(inbox)) != TcpFlow.Turn.DONE) {
            if (turn == TcpFlow.Turn.PACED) {
                LockSupport.parkNanos(Math.min(flow.resumeAtNanos() - System.nanoTime(), PACED_PARK_NANOS));
            }
        }
    }

    private void ready(SelectionKey key) {
        ready.add((TcpFlow) key.attachment());
    }

    /** Round by round, one turn each, until no stream is ready any more or the rounds are used up. */
    private void serve() {
        for (int round = 0; round < ROUNDS_PER_SELECT && !ready.isEmpty(); round++) {
            int kept = 0;
            for (int i = 0; i < ready.size(); i++) {
                TcpFlow flow = ready.get(i);
                TcpFlow.Turn turn = flow.turn(inbox);
                if (turn == TcpFlow.Turn.PROGRESS) {
                    ready.set(kept++, flow);
                } else {
                    settle(flow, turn);
                }
            }
            for (int i = ready.size() - 1; i >= kept; i--) {
                ready.remove(i); // from the end: no copying, no view object
            }
        }
        ready.clear();
    }

    private void settle(TcpFlow flow, TcpFlow.Turn turn) {
        if (turn == TcpFlow.Turn.DONE) {
            flow.key().cancel();
        } else if (turn == TcpFlow.Turn.PACED && interest(flow, 0)) {
            paced.add(flow);
        }
        // BLOCKED: the next select says when it may go on
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
