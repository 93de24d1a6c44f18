package com.burstline.engine;

import java.io.IOException;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread that selects on a group of a test's TCP streams: the senders' loop ({@link TcpLoop}) or the receivers'
 * ({@link TcpReceiveLoop}). Both start, take their streams and end alike, here; each has its own select and turns
 * ({@link #pass}).
 */
abstract class StreamLoop implements Runnable {
    final TestRun run;
    final Selector selector;
    /** The streams still driven; the loop ends when none is left. */
    final List<TcpFlow> flows = new ArrayList<>();
    private final int interest;

    /** @param interest what a new stream waits for: {@code OP_WRITE} for a sender, {@code OP_READ} for a receiver */
    StreamLoop(TestRun run, int interest) throws IOException {
        this.run = run;
        this.selector = Selector.open();
        this.interest = interest;
    }

    /** Makes a loop; opening its selector may fail. */
    interface Opener {
        StreamLoop open() throws IOException;
    }

    /**
     * Opens a loop for {@code streams} and starts its daemon thread. A close from the control thread wakes the
     * loop's selector, since a selecting loop would not notice the close on its own.
     */
    static void start(String name, Opener opener, List<DataStream> streams) {
        StreamLoop loop;
        try {
            loop = opener.open();
            for (DataStream stream : streams) {
                loop.add(stream, (SocketChannel) stream.channel());
            }
        } catch (IOException e) {
            throw new EngineException("unable to start the data streams: " + e.getMessage(), e);
        }
        Thread thread = new Thread(loop, name);
        thread.setDaemon(true);
        for (DataStream stream : streams) {
            stream.attach(thread, loop.selector::wakeup);
        }
        thread.start();
    }

    /** The flow that drives {@code stream} in this loop. */
    abstract TcpFlow flow(DataStream stream, SocketChannel channel);

    /**
     * One select and its turns, a method of its own so that {@link TcpWarmup} leaves it compiled: a loop that runs once
     * per test is compiled on the stack (OSR) only after tens of thousands of turns, and that code goes when the
     * warm-up's loop ends; a callee's stays.
     */
    abstract void pass() throws IOException;

    /** Takes one more stream; the loop owns its channel from now on. */
    private void add(DataStream stream, SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        TcpFlow flow = flow(stream, channel);
        flow.register(channel.register(selector, interest, flow));
        flows.add(flow);
    }

    @Override
    public final void run() {
        try {
            while (!flows.isEmpty()) {
                pass();
            }
        } catch (IOException | RuntimeException e) {
            failAll(e);
        } finally {
            ClientStreams.closeQuietly(selector);
        }
    }

    /** The error that ended a loop fails each of its streams still counting (after TEST_END a close is expected). */
    private void failAll(Exception error) {
        for (TcpFlow flow : flows) {
            TcpWorkers.failIfRunning(run, flow.stream, "data stream " + flow.stream.id + ": " + error.getMessage());
        }
    }
}
