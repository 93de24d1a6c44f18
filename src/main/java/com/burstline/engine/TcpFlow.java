package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One TCP data stream as a {@link TcpLoop} or a {@link TcpReceiveLoop} drives it, so that no socket holds more than it
 * must: a sender's turn is one non-blocking write, so that the ready streams take turns block by block as iperf3's do,
 * and a receiver's turn reads one block, as iperf3 3.12's {@code Nread} does. Writing one stream until its socket was
 * full before the next one's turn (up to 8 blocks) moved half of iperf3's rate across a veth with 4 streams: the
 * receiver then copied megabytes that had left the cache, at twice the CPU per byte (perf). A sender keeps iperf3's
 * block boundaries: a short write goes on with the rest of the block at its next turn, and a block counts once it is
 * all written.
 */
final class TcpFlow {
    enum Turn { PROGRESS, BLOCKED, PACED, DONE }

    final DataStream stream;
    final SocketChannel channel;
    private final TestRun run;
    /** A sender's own view of its loop's payload (position and limit of its own); null on a receiver. */
    private final ByteBuffer block;
    private final Pacer pacer;
    private SelectionKey key;
    private long resumeAtNanos;

    private TcpFlow(TestRun run, DataStream stream, SocketChannel channel, ByteBuffer block) {
        this.run = run;
        this.stream = stream;
        this.channel = channel;
        this.block = block;
        this.pacer = block == null ? null : new Pacer(run.params.bandwidth(), run::baseNanos);
        if (block != null) {
            block.position(block.limit()); // the first turn starts a block
        }
    }

    static TcpFlow sender(TestRun run, DataStream stream, SocketChannel channel, ByteBuffer payload) {
        return new TcpFlow(run, stream, channel, payload.duplicate());
    }

    static TcpFlow receiver(TestRun run, DataStream stream, SocketChannel channel) {
        return new TcpFlow(run, stream, channel, null);
    }

    void register(SelectionKey registered) {
        key = registered;
    }

    SelectionKey key() {
        return key;
    }

    /** A sender's turn. Failures end the stream as iperf3's do. */
    Turn turn() {
        try {
            return send();
        } catch (IOException e) {
            return failed(e, "unable to write to stream ");
        }
    }

    /** A receiver's turn, into its loop's buffer {@code inbox}. Failures end the stream as iperf3's do. */
    Turn receive(ByteBuffer inbox) {
        try {
            return readBlock(inbox);
        } catch (IOException e) {
            return failed(e, "unable to read from stream ");
        }
    }

    private Turn failed(IOException e, String what) {
        if (!(e instanceof ClosedChannelException)) { // else the test ended and closed the stream
            TcpWorkers.failIfRunning(run, stream, what + stream.id + ": " + e.getMessage());
        }
        return Turn.DONE;
    }

    private Turn send() throws IOException {
        if (!block.hasRemaining()) {
            if (!run.mayStartBlock()) {
                return Turn.DONE;
            }
            long wait = pacer.nanosUntilTurn();
            if (wait > 0) {
                resumeAtNanos = System.nanoTime() + wait;
                return Turn.PACED;
            }
            block.rewind();
        } else if (!run.sending()) {
            return Turn.DONE;
        }
        int written = channel.write(block);
        if (written == 0) {
            return Turn.BLOCKED;
        }
        stream.counters.add(written);
        run.sent(written, block.hasRemaining() ? 0 : 1);
        pacer.sent(written);
        return Turn.PROGRESS;
    }

    /**
     * Reads until the block is full or the socket empty, as iperf3 3.12's {@code Nread} goes on after a short read;
     * each read counts as it did when a turn drained the socket.
     */
    private Turn readBlock(ByteBuffer inbox) throws IOException {
        inbox.clear();
        while (inbox.hasRemaining()) {
            boolean first = inbox.position() == 0;
            int count = channel.read(inbox);
            if (count < 0) {
                return Turn.DONE;
            }
            if (count == 0) {
                return first ? Turn.BLOCKED : Turn.PROGRESS;
            }
            if (run.counting()) {
                stream.counters.add(count);
                run.received(count);
            }
        }
        return Turn.PROGRESS;
    }

    /** When a paced sender may write again. */
    long resumeAtNanos() {
        return resumeAtNanos;
    }
}
