package com.burstline.engine;

import java.io.IOException;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * A thread that selects on a group of a test's TCP streams: the senders' loop ({@link TcpLoop}) or the receivers'
 * ({@link TcpReceiveLoop}). Both start alike, here.
 */
interface StreamLoop extends Runnable {
    /** Takes one more stream; the loop owns its channel from now on. */
    void add(DataStream stream, SocketChannel channel) throws IOException;

    Selector selector();

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
            stream.attach(thread, loop.selector()::wakeup);
        }
        thread.start();
    }

    /** The error that ended a loop fails each of its streams still counting (after TEST_END a close is expected). */
    static void failAll(TestRun run, List<TcpFlow> flows, Exception error) {
        for (TcpFlow flow : flows) {
            TcpWorkers.failIfRunning(run, flow.stream, "data stream " + flow.stream.id + ": " + error.getMessage());
        }
    }
}
