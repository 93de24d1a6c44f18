package com.burstline.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadLocalRandom;

/** The loops of a TCP data stream: blocking NIO on a direct buffer, one thread per stream. */
final class TcpWorkers {
    private TcpWorkers() {
    }

    static ByteBuffer payload(int length) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(length);
        byte[] random = new byte[length];
        ThreadLocalRandom.current().nextBytes(random);
        buffer.put(random).flip();
        return buffer;
    }

    static Runnable sender(TestRun run, DataStream stream, SocketChannel channel) {
        return () -> {
            ByteBuffer block = payload(run.params.len());
            Pacer pacer = new Pacer(run.params.bandwidth(), run::baseNanos);
            try {
                while (run.mayStartBlock()) {
                    pacer.awaitTurn(run::sending);
                    block.rewind();
                    int written = 0;
                    while (block.hasRemaining()) {
                        written += channel.write(block);
                    }
                    stream.counters.add(written);
                    run.sent(written);
                    pacer.sent(written);
                }
            } catch (ClosedChannelException closedHere) {
                // the test ended and closed the stream
            } catch (IOException e) {
                failIfRunning(run, stream, "unable to write to stream " + stream.id + ": " + e.getMessage());
            }
        };
    }

    static Runnable receiver(TestRun run, DataStream stream, SocketChannel channel) {
        return () -> {
            ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(run.params.len(), Wire.DEFAULT_TCP_BLKSIZE));
            try {
                while (true) {
                    buffer.clear();
                    int read = channel.read(buffer);
                    if (read < 0) {
                        return;
                    }
                    if (run.counting()) {
                        stream.counters.add(read);
                        run.received(read);
                    }
                }
            } catch (ClosedChannelException closedHere) {
                // the test ended and closed the stream
            } catch (IOException e) {
                failIfRunning(run, stream, "unable to read from stream " + stream.id + ": " + e.getMessage());
            }
        };
    }

    /** After TEST_END the peer closing its sockets is expected, not a failure. */
    static void failIfRunning(TestRun run, DataStream stream, String message) {
        if (run.counting()) {
            stream.fail(message);
            run.fail(message);
        }
    }
}
