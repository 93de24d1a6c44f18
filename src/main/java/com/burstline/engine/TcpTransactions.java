package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * TCP_RR's flows: each a connection of its own (Nagle off) that writes a request of the message size and reads the
 * answer of the same size, one at a time. The connections are made before the test starts, each announcing itself
 * with the test's cookie. TCP loses nothing it does not retransmit, so nothing counts lost; a peer that stops
 * answering stalls the flows until {@link #stop} closes their connections.
 */
final class TcpTransactions implements TransactionFlows {
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final int messageBytes;
    private final LatencyRecorder recorder;
    private final List<SocketChannel> connections = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;

    private TcpTransactions(int messageBytes, LatencyRecorder recorder) {
        this.messageBytes = messageBytes;
        this.recorder = recorder;
    }

    /** Connects every flow and introduces it with the cookie; closes what it opened when one fails. */
    static TcpTransactions connect(InetSocketAddress server, long cookie, int messageBytes, int count,
                                   LatencyRecorder recorder) throws IOException {
        TcpTransactions flows = new TcpTransactions(messageBytes, recorder);
        try {
            for (int i = 0; i < count; i++) {
                SocketChannel connection = SocketChannel.open();
                flows.connections.add(connection);
                connection.socket().connect(server, CONNECT_TIMEOUT_MILLIS);
                connection.setOption(StandardSocketOptions.TCP_NODELAY, true);
                ByteBuffer hello = ByteBuffer.allocate(8).putLong(cookie).flip();
                while (hello.hasRemaining()) {
                    connection.write(hello);
                }
            }
        } catch (IOException | RuntimeException failed) {
            flows.closeAll();
            throw failed;
        }
        return flows;
    }

    @Override
    public void start() {
        for (int i = 0; i < connections.size(); i++) {
            SocketChannel connection = connections.get(i);
            Thread thread = new Thread(() -> run(connection), "rr-tcp-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    @Override
    public void stop() throws InterruptedException {
        stopping = true;
        closeAll();
        for (Thread thread : threads) {
            thread.join();
        }
    }

    @Override
    public Double timeoutMs() {
        return null;
    }

    private void run(SocketChannel connection) {
        ByteBuffer request = ByteBuffer.allocateDirect(messageBytes);
        ByteBuffer answer = ByteBuffer.allocateDirect(messageBytes);
        try {
            while (!stopping) {
                request.clear();
                answer.clear();
                long sent = System.nanoTime();
                while (request.hasRemaining()) {
                    connection.write(request);
                }
                while (answer.hasRemaining()) {
                    if (connection.read(answer) < 0) {
                        return; // the peer ended the connection
                    }
                }
                recorder.record(System.nanoTime() - sent);
            }
        } catch (IOException closedAtTheEnd) {
            // stop() closed it, or the peer reset it: the flow ends either way
        }
    }

    private void closeAll() {
        for (SocketChannel connection : connections) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closed either way
            }
        }
    }
}
