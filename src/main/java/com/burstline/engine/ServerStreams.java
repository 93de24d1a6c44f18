package com.burstline.engine;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The server's side of CREATE_STREAMS: TCP connections that arrive on the listener with the test's cookie, or the
 * UDP flows of {@link ServerUdp}. In bidirectional mode the first half received are this side's receivers.
 */
final class ServerStreams {
    private static final int STREAM_TIMEOUT_MILLIS = 10_000;
    private final ServerSocketChannel listener;
    private final int port;
    private final BlockingQueue<SocketChannel> arrivals = new LinkedBlockingQueue<>();
    private volatile boolean accepting;
    private volatile ServerUdp udp;
    private TestRun run;

    ServerStreams(ServerSocketChannel listener, int port) {
        this.listener = listener;
        this.port = port;
    }

    /** A connection that came in while this test waits for its streams; false when it does not. */
    boolean offer(SocketChannel connection) {
        return accepting && arrivals.offer(connection);
    }

    void open(TestRun run, byte[] cookie, Control control) {
        this.run = run;
        if (run.params.udp()) {
            // the UDP streams arrive where the control connection did: -B binds both
            udp = new ServerUdp(run, new InetSocketAddress(listener.socket().getInetAddress(), port));
            control.writeState(Wire.CREATE_STREAMS);
            udp.acceptAll();
            return;
        }
        accepting = true;
        control.writeState(Wire.CREATE_STREAMS);
        try {
            while (run.streams.size() < run.params.totalStreams()) {
                SocketChannel connection = arrivals.poll(STREAM_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                if (connection == null) {
                    control.writeError(ServerErrors.IESTREAMACCEPT, 0);
                    throw new EngineException("stream " + (run.streams.size() + 1) + " of "
                            + run.params.totalStreams() + " did not connect within " + STREAM_TIMEOUT_MILLIS / 1000
                            + " s");
                }
                admit(connection, cookie);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted");
        } finally {
            accepting = false;
        }
    }

    private void admit(SocketChannel connection, byte[] cookie) {
        try {
            byte[] theirs = readCookie(connection);
            if (!Arrays.equals(theirs, cookie)) {
                connection.write(ByteBuffer.wrap(new byte[] {(byte) Wire.ACCESS_DENIED}));
                connection.close();
                return;
            }
            int index = run.streams.size();
            boolean sending = run.params.bidirectional() ? index >= run.params.parallel() : run.params.reverse();
            if (run.params.window() > 0) {
                connection.setOption(StandardSocketOptions.SO_SNDBUF, run.params.window());
                connection.setOption(StandardSocketOptions.SO_RCVBUF, run.params.window());
            }
            run.streams.add(new DataStream(DataStream.idFor(index), sending, connection,
                    (InetSocketAddress) connection.getLocalAddress(),
                    (InetSocketAddress) connection.getRemoteAddress()));
        } catch (IOException e) {
            ClientStreams.closeQuietly(connection);
        }
    }

    private static byte[] readCookie(SocketChannel connection) throws IOException {
        connection.socket().setSoTimeout(STREAM_TIMEOUT_MILLIS);
        InputStream in = connection.socket().getInputStream();
        byte[] cookie = new byte[Wire.COOKIE_SIZE];
        try {
            if (in.readNBytes(cookie, 0, cookie.length) < cookie.length) {
                return new byte[0];
            }
        } catch (SocketTimeoutException e) {
            return new byte[0];
        }
        connection.socket().setSoTimeout(0);
        return cookie;
    }

    void startAll() {
        if (udp != null) {
            udp.startAll();
            return;
        }
        TcpLoop.startAll(run, run.streams);
    }

    void close() {
        accepting = false;
        SocketChannel stray;
        while ((stray = arrivals.poll()) != null) {
            ClientStreams.closeQuietly(stray);
        }
        if (udp != null) {
            udp.close();
        }
        if (run != null) {
            run.closeStreams();
        }
    }
}
