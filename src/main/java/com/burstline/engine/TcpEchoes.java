package com.burstline.engine;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * TCP_RR's answering side: a thread per flow connection that reads a request of the message size and writes it back,
 * until the connection or the test ends.
 */
final class TcpEchoes extends Echoes {
    private final int messageBytes;
    private final List<SocketChannel> connections = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    private TcpEchoes(int messageBytes) {
        this.messageBytes = messageBytes;
    }

    static TcpEchoes open(int messageBytes) {
        return new TcpEchoes(messageBytes);
    }

    int flows() {
        return threads.size();
    }

    /** Serves the connection when it opens with the test's cookie; closes it and answers false otherwise. */
    boolean serve(SocketChannel connection, long cookie) throws IOException {
        connections.add(connection);
        ByteBuffer hello = ByteBuffer.allocate(8);
        connection.socket().setSoTimeout(TransactionServer.HELLO_TIMEOUT_MILLIS);
        try {
            var in = connection.socket().getInputStream();
            for (int i = 0; i < 8; i++) {
                int b = in.read();
                if (b < 0) {
                    connection.close();
                    return false;
                }
                hello.put((byte) b);
            }
        } catch (java.net.SocketTimeoutException silent) {
            connection.close();
            return false;
        }
        if (hello.getLong(0) != cookie) {
            connection.close();
            return false;
        }
        connection.setOption(StandardSocketOptions.TCP_NODELAY, true);
        Thread thread = new Thread(() -> echo(connection), "rr-tcp-echo-" + threads.size());
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
        return true;
    }

    private void echo(SocketChannel connection) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(messageBytes);
        try {
            while (true) {
                buffer.clear();
                while (buffer.hasRemaining()) {
                    if (connection.read(buffer) < 0) {
                        return;
                    }
                }
                buffer.flip();
                while (buffer.hasRemaining()) {
                    connection.write(buffer);
                }
                answered();
            }
        } catch (IOException closed) {
            // the client or close() ended it
        }
    }

    @Override
    public void close() {
        for (SocketChannel connection : connections) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closed either way
            }
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
