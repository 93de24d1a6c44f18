package com.burstline.engine;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's UDP streams on one socket bound to the test port. iperf3 connects a socket per stream and binds a
 * fresh one for the next hello, which relies on how Linux delivers to sockets sharing a port; on Windows the next
 * hello may never reach the fresh socket. One unconnected socket that tells the streams apart by the client's
 * address works everywhere, and the client cannot tell the difference.
 */
final class ServerUdp {
    private static final int HELLO_TIMEOUT_MILLIS = 10_000;
    private final TestRun run;
    private final DatagramChannel channel;
    private final Map<SocketAddress, DataStream> byPeer = new ConcurrentHashMap<>();
    private volatile Thread receiver;

    ServerUdp(TestRun run, int port) {
        this(run, new InetSocketAddress(port));
    }

    ServerUdp(TestRun run, InetSocketAddress local) {
        this.run = run;
        int port = local.getPort();
        try {
            channel = DatagramChannel.open();
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.setOption(StandardSocketOptions.SO_RCVBUF,
                    Math.max(run.params.window(), ClientStreams.UDP_RECEIVE_BUFFER));
            if (run.params.window() > 0) {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, run.params.window());
            }
            channel.bind(local);
        } catch (IOException e) {
            throw new EngineException("unable to start the UDP listener on port " + port + ": " + e.getMessage(), e);
        }
    }

    /**
     * One hello per stream, answered with the connect reply. iperf3 takes any datagram as a hello; this server takes
     * only the values iperf3 clients send, so a stray datagram cannot take a stream's place.
     */
    void acceptAll() {
        byte[] buffer = new byte[65536];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        try {
            channel.socket().setSoTimeout(HELLO_TIMEOUT_MILLIS);
            while (run.streams.size() < run.params.totalStreams()) {
                packet.setLength(buffer.length);
                channel.socket().receive(packet);
                SocketAddress from = packet.getSocketAddress();
                if (!Wire.isConnectHello(buffer, packet.getLength()) || byPeer.containsKey(from)) {
                    continue;
                }
                admit(from);
                channel.send(ByteBuffer.wrap(Wire.UDP_CONNECT_REPLY), from);
            }
            channel.socket().setSoTimeout(0);
        } catch (SocketTimeoutException e) {
            throw new EngineException("UDP stream " + (run.streams.size() + 1) + " of " + run.params.totalStreams()
                    + " sent no hello within " + HELLO_TIMEOUT_MILLIS / 1000 + " s");
        } catch (IOException e) {
            throw new EngineException("the UDP listener failed: " + e.getMessage(), e);
        }
    }

    /** The next stream of the test, for the client's socket at {@code from}. */
    void admit(SocketAddress from) throws IOException {
        int index = run.streams.size();
        boolean sending = run.params.bidirectional() ? index >= run.params.parallel() : run.params.reverse();
        DataStream stream = new DataStream(DataStream.idFor(index), sending, null,
                (InetSocketAddress) channel.getLocalAddress(), (InetSocketAddress) from);
        byPeer.put(from, stream);
        run.streams.add(stream);
    }

    /** The port this server's UDP socket is bound to. */
    int port() {
        return channel.socket().getLocalPort();
    }

    void startAll() {
        boolean receives = false;
        for (DataStream stream : run.streams) {
            if (stream.sending) {
                stream.start(UdpWorkers.sender(run, stream, channel, stream.remote), "engine-stream-" + stream.id);
            } else {
                receives = true;
            }
        }
        if (receives) {
            Thread t = new Thread(this::receive, "engine-udp-receiver");
            t.setDaemon(true);
            receiver = t;
            t.start();
        }
    }

    /** Datagrams from addresses that are not this test's receiving streams are ignored. */
    private void receive() {
        ByteBuffer datagram = ByteBuffer.allocateDirect(65536);
        try {
            while (true) {
                receiveOne(datagram);
            }
        } catch (ClosedChannelException closed) {
            // the test ended
        } catch (IOException e) {
            if (run.counting()) {
                run.fail("unable to receive UDP data: " + e.getMessage());
            }
        }
    }

    /**
     * One datagram, a method of its own so that {@link UdpWarmup} leaves it compiled (the loop's own compiled code goes
     * when the warm-up's loop ends, a callee's stays).
     */
    private void receiveOne(ByteBuffer datagram) throws IOException {
        datagram.clear();
        SocketAddress from = channel.receive(datagram);
        DataStream stream = byPeer.get(from);
        if (stream != null && !stream.sending) {
            UdpWorkers.account(run, stream, datagram, datagram.position());
        }
    }

    void close() {
        ClientStreams.closeQuietly(channel);
        Thread t = receiver;
        if (t != null) {
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
