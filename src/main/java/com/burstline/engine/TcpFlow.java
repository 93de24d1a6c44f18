package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One TCP data stream as a {@link TcpLoop} drives it: a non-blocking turn of iperf3's send or receive. A sender
 * keeps iperf3's block boundaries (a short write goes on with the rest of the block at the next turn; a block counts
 * once it is all written); a receiver reads what the socket holds.
 */
final class TcpFlow {
    /** Writes or reads per stream per turn before the next stream's turn, as iperf3's multisend (10) bounds them. */
    static final int BURST = 8;

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

    boolean sending() {
        return block != null;
    }

    void register(SelectionKey registered) {
        key = registered;
    }

    SelectionKey key() {
        return key;
    }

    /** One turn; {@code inbox} is the loop's receive buffer. Failures end the stream as iperf3's do. */
    Turn turn(ByteBuffer inbox) {
        try {
            return block != null ? send() : receive(inbox);
        } catch (ClosedChannelException closedHere) {
            return Turn.DONE; // the test ended and closed the stream
        } catch (IOException e) {
            TcpWorkers.failIfRunning(run, stream, (block != null ? "unable to write to stream "
                    : "unable to read from stream ") + stream.id + ": " + e.getMessage());
            return Turn.DONE;
        }
    }

    private Turn send() throws IOException {
        boolean wrote = false;
        for (int i = 0; i < BURST; i++) {
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
                return wrote ? Turn.PROGRESS : Turn.BLOCKED;
            }
            wrote = true;
            stream.counters.add(written);
            run.sent(written, block.hasRemaining() ? 0 : 1);
            pacer.sent(written);
            if (block.hasRemaining()) {
                return Turn.PROGRESS; // a short write: the socket is full, the next try would only fail
            }
        }
        return Turn.PROGRESS;
    }

    private Turn receive(ByteBuffer inbox) throws IOException {
        boolean read = false;
        for (int i = 0; i < BURST; i++) {
            inbox.clear();
            int count = channel.read(inbox);
            if (count < 0) {
                return Turn.DONE;
            }
            if (count == 0) {
                return read ? Turn.PROGRESS : Turn.BLOCKED;
            }
            read = true;
            if (run.counting()) {
                stream.counters.add(count);
                run.received(count);
            }
            if (count < inbox.capacity()) {
                return Turn.PROGRESS; // the socket is drained for now
            }
        }
        return Turn.PROGRESS;
    }

    /** When a paced sender may write again. */
    long resumeAtNanos() {
        return resumeAtNanos;
    }
}
