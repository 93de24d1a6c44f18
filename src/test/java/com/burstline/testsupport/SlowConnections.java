package com.burstline.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;

/**
 * Slow clients on loopback, all from one address (127.0.0.2): connections that each start a request and then send one
 * more byte per {@link #trickle()} (a space, or the next byte of what they were given to send), or never a byte more.
 * For the slow-client tests and the reliability report.
 */
public final class SlowConnections implements AutoCloseable {
    private final List<Socket> sockets = new ArrayList<>();
    private final List<Trickling> trickling = new ArrayList<>();
    private final InetSocketAddress target;

    public SlowConnections(int port) {
        this.target = new InetSocketAddress("127.0.0.1", port);
    }

    /** {@code count} connections that send {@code start} (may be empty) and then, if {@code trickle}, a byte a time. */
    public List<Socket> open(int count, String start, boolean trickle) throws IOException {
        byte[] bytes = start.getBytes(StandardCharsets.US_ASCII);
        return open(count, bytes, trickle ? new byte[0] : null);
    }

    /**
     * {@code count} connections that send {@code start} at once and then, unless {@code then} is null, {@code then}
     * a byte per {@link #trickle()} (spaces once it is all sent): e.g. the first bytes of a TLS ClientHello, then
     * the rest of it.
     */
    public List<Socket> open(int count, byte[] start, byte[] then) throws IOException {
        List<Socket> opened = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Socket socket = new Socket();
            socket.bind(new InetSocketAddress("127.0.0.2", 0));
            socket.connect(target, 5000);
            socket.getOutputStream().write(start);
            opened.add(socket);
        }
        synchronized (this) {
            sockets.addAll(opened);
            if (then != null) {
                opened.forEach(socket -> trickling.add(new Trickling(socket, then)));
            }
        }
        return opened;
    }

    /** One byte more on each trickling connection the other side still keeps open. */
    public synchronized void trickle() {
        for (Trickling connection : trickling) {
            try {
                connection.sendNext();
            } catch (IOException closedByTheOtherSide) {
                // its timeouts or caps cut it: that is what they are for
            }
        }
    }

    /** A thread calling {@link #trickle()} every second until interrupted. */
    public Thread trickleEverySecond() {
        Thread thread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                trickle();
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "trickle");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /**
     * What a real TLS client (the JDK's) sends first: its ClientHello record, for connections that start a handshake
     * and stall in it.
     */
    public static byte[] tlsClientHello() throws IOException {
        try {
            SSLEngine engine = SSLContext.getDefault().createSSLEngine("127.0.0.1", 443);
            engine.setUseClientMode(true);
            ByteBuffer record = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            engine.wrap(ByteBuffer.allocate(0), record);
            record.flip();
            byte[] hello = new byte[record.remaining()];
            record.get(hello);
            return hello;
        } catch (GeneralSecurityException e) {
            throw new IOException("no TLS client in this JVM: " + e.getMessage(), e);
        }
    }

    /** How many of these the other side closed (end of stream or reset) within {@code patience}. */
    public static int awaitClosedByPeer(List<Socket> sockets, Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        List<Socket> open = new ArrayList<>(sockets);
        while (!open.isEmpty() && Instant.now().isBefore(deadline)) {
            open.removeIf(SlowConnections::closedByPeer);
            Thread.sleep(500);
        }
        return sockets.size() - open.size();
    }

    /** How many of these were answered with {@code statusLine} (e.g. {@code HTTP/1.1 429}) by now. */
    public static int countAnswered(List<Socket> sockets, String statusLine) {
        int count = 0;
        for (Socket socket : sockets) {
            try {
                socket.setSoTimeout(50);
                byte[] head = socket.getInputStream().readNBytes(statusLine.length());
                count += new String(head, StandardCharsets.US_ASCII).equals(statusLine) ? 1 : 0;
            } catch (IOException noAnswerYet) {
                // still being read
            }
        }
        return count;
    }

    /** Reads past whatever answer came first (a 401, a 429) to see whether the connection ended after it. */
    private static boolean closedByPeer(Socket socket) {
        try {
            socket.setSoTimeout(1);
            byte[] buffer = new byte[4096];
            while (true) {
                if (socket.getInputStream().read(buffer) == -1) {
                    return true;
                }
            }
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** A connection and what it has left to send, a byte at a time. */
    private static final class Trickling {
        private final Socket socket;
        private final byte[] bytes;
        private int next;

        Trickling(Socket socket, byte[] bytes) {
            this.socket = socket;
            this.bytes = bytes;
        }

        void sendNext() throws IOException {
            socket.getOutputStream().write(next < bytes.length ? bytes[next++] : ' ');
        }
    }

    @Override
    public synchronized void close() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
