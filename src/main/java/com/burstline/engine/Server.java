package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.function.Supplier;

/**
 * The iperf3 server role: one test at a time on one port. A connection that arrives while a test runs is either
 * one of that test's data streams or gets ACCESS_DENIED, as iperf3 does.
 */
public final class Server implements AutoCloseable {
    private final ServerOptions options;
    private final Supplier<Output> outputs;
    private final ServerSocketChannel listener;
    private volatile ServerSession current;
    private volatile Thread sessionThread;

    public Server(ServerOptions options, Supplier<Output> outputs) {
        this.options = options;
        this.outputs = outputs;
        try {
            listener = ServerSocketChannel.open();
            listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            listener.bind(options.bind() == null ? new InetSocketAddress(options.port())
                    : new InetSocketAddress(options.bind(), options.port()));
        } catch (IOException e) {
            throw new EngineException("unable to start listener for connections: "
                    + (options.bind() == null ? "" : options.bind() + " ") + "port " + options.port() + ": "
                    + e.getMessage(), e);
        }
    }

    /** The bound port (the one asked for, or the system's choice for port 0). */
    public int port() {
        return listener.socket().getLocalPort();
    }

    /** Accepts tests until {@link #close} (or after the first test with {@code once}). */
    public void serve() {
        try {
            while (true) {
                SocketChannel connection = listener.accept();
                ServerSession session = current;
                if (session != null && !session.finished()) {
                    if (!session.offerStream(connection)) {
                        deny(connection);
                    }
                    continue;
                }
                startSession(connection);
            }
        } catch (ClosedChannelException closed) {
            // close() or the end of a -1 test
        } catch (IOException e) {
            throw new EngineException("the listener on port " + port() + " failed: " + e.getMessage(), e);
        } finally {
            awaitSession();
        }
    }

    /** A client that is gone before its session starts costs its connection, not the server. */
    private void startSession(SocketChannel connection) {
        ServerSession session;
        try {
            session = new ServerSession(connection, listener, options, outputs.get());
        } catch (IOException gone) {
            ClientStreams.closeQuietly(connection);
            return;
        }
        current = session;
        Thread thread = new Thread(() -> {
            try {
                session.run();
            } finally {
                if (options.once()) {
                    closeListener();
                }
            }
        }, "engine-server-test");
        thread.setDaemon(true);
        sessionThread = thread;
        thread.start();
    }

    /** ACCESS_DENIED without reading anything, as a busy iperf3 server answers. */
    private static void deny(SocketChannel connection) {
        try (connection) {
            connection.write(ByteBuffer.wrap(new byte[] {(byte) Wire.ACCESS_DENIED}));
        } catch (IOException ignored) {
            // the refused peer is gone already
        }
    }

    private void awaitSession() {
        Thread thread = sessionThread;
        if (thread == null) {
            return;
        }
        try {
            thread.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeListener() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    /** Stops listening and ends a running test. */
    @Override
    public void close() {
        closeListener();
        ServerSession session = current;
        if (session != null) {
            session.abort();
        }
        awaitSession();
    }
}
