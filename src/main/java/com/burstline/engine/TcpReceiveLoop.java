package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.function.Consumer;

/**
 * Receives all of a test's receiving TCP streams on one thread, as iperf3 3.12 does: a select, then one block from each
 * ready stream ({@link TcpFlow#receive}). It beat a blocking thread per stream (threads woken in turn on few cores)
 * in rate and CPU, and reading every socket in turn before selecting made reads too small to pay.
 */
final class TcpReceiveLoop extends StreamLoop {
    private final ByteBuffer inbox;
    /** Kept, not written at the call: a fresh method reference per select would be an allocation per turn. */
    private final Consumer<SelectionKey> onReady = this::ready;

    private TcpReceiveLoop(TestRun run) throws IOException {
        super(run, SelectionKey.OP_READ);
        this.inbox = ByteBuffer.allocateDirect(Math.max(run.params.len(), Wire.DEFAULT_TCP_BLKSIZE));
    }

    /** Starts one thread for {@code receivers}; a close of any of them wakes it. */
    static void start(TestRun run, List<DataStream> receivers, String name) {
        StreamLoop.start(name, () -> new TcpReceiveLoop(run), receivers);
    }

    @Override
    TcpFlow flow(DataStream stream, SocketChannel channel) {
        return TcpFlow.receiver(run, stream, channel);
    }

    /** One select and its reads. */
    @Override
    void pass() throws IOException {
        selector.select(onReady);
        // a stream the test closed is never ready again: the close's wake-up ends the select for this
        flows.removeIf(flow -> !flow.channel.isOpen());
    }

    private void ready(SelectionKey key) {
        TcpFlow flow = (TcpFlow) key.attachment();
        if (flow.receive(inbox) == TcpFlow.Turn.DONE) {
            key.cancel();
            flows.remove(flow);
        }
    }
}
