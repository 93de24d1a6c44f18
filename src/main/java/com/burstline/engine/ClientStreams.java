package com.burstline.engine;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;

/**
 * Opens the client's data streams after CREATE_STREAMS, strictly one after another so that both sides number them
 * alike: in bidirectional mode the sending streams first, then the receiving ones (reference §2.3, §4.1).
 */
final class ClientStreams {
    static final int UDP_RECEIVE_BUFFER = 4 * 1024 * 1024;
    /** iperf3's own wait for the reply (SO_RCVTIMEO, reference §4.2). */
    private static final int UDP_REPLY_TIMEOUT_MILLIS = 30_000;
    private final TestRun run;
    private final InetSocketAddress server;
    private final byte[] cookie;
    private final int connectTimeoutMillis;

    ClientStreams(TestRun run, InetSocketAddress server, byte[] cookie, int connectTimeoutMillis) {
        this.run = run;
        this.server = server;
        this.cookie = cookie;
        this.connectTimeoutMillis = connectTimeoutMillis;
    }

    void open() {
        TestParams p = run.params;
        for (int i = 0; i < p.totalStreams(); i++) {
            boolean sending = p.bidirectional() ? i < p.parallel() : !p.reverse();
            int id = DataStream.idFor(i);
            run.streams.add(p.udp() ? udp(id, sending) : tcp(id, sending));
        }
    }

    private DataStream tcp(int id, boolean sending) {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            if (run.params.window() > 0) {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, run.params.window());
                channel.setOption(StandardSocketOptions.SO_RCVBUF, run.params.window());
            }
            channel.socket().connect(server, connectTimeoutMillis);
            ByteBuffer c = ByteBuffer.wrap(cookie);
            while (c.hasRemaining()) {
                channel.write(c);
            }
            return new DataStream(id, sending, channel, (InetSocketAddress) channel.getLocalAddress(),
                    (InetSocketAddress) channel.getRemoteAddress());
        } catch (IOException e) {
            closeQuietly(channel);
            throw new EngineException("unable to connect stream " + id + " to " + server + ": " + e.getMessage(), e);
        }
    }

    /** The UDP "connect": a 4-byte hello, then wait for the server's reply on the now-connected socket. */
    private DataStream udp(int id, boolean sending) {
        DatagramChannel channel = null;
        try {
            channel = openUdp(server);
            int window = run.params.window();
            channel.setOption(StandardSocketOptions.SO_RCVBUF, Math.max(window, UDP_RECEIVE_BUFFER));
            if (window > 0) {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, window);
            }
            channel.connect(server);
            channel.write(ByteBuffer.wrap(Wire.UDP_CONNECT_MSG));
            awaitReply(channel, id);
            return new DataStream(id, sending, channel, (InetSocketAddress) channel.getLocalAddress(), server);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new EngineException("unable to connect UDP stream " + id + " to " + server + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException noReply) {
            closeQuietly(channel);
            throw noReply;
        }
    }

    /**
     * A UDP socket of the peer's address family. The JDK's default is a dual-stack IPv6 socket, and each datagram it
     * sends to an IPv4 peer passes the kernel's IPv6 layer first, which costs CPU per datagram and so, at full
     * rate, the rate itself.
     */
    static DatagramChannel openUdp(InetSocketAddress peer) throws IOException {
        return peer.getAddress() instanceof Inet4Address ? DatagramChannel.open(StandardProtocolFamily.INET)
                : DatagramChannel.open();
    }

    /** Skips data datagrams that a reverse-mode server may send before its reply reaches us. */
    private void awaitReply(DatagramChannel channel, int id) throws IOException {
        byte[] buffer = new byte[65536];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        channel.socket().setSoTimeout(UDP_REPLY_TIMEOUT_MILLIS);
        long skipped = 0;
        try {
            while (true) {
                packet.setLength(buffer.length);
                channel.socket().receive(packet);
                if (Wire.isConnectReply(buffer, packet.getLength())) {
                    return;
                }
                skipped += packet.getLength();
                if (skipped > 2L * run.params.len() + 65536) {
                    throw new EngineException("UDP stream " + id + ": the server sent data but no connect reply");
                }
            }
        } catch (SocketTimeoutException e) {
            throw new EngineException("UDP stream " + id + ": no connect reply from " + server + " within "
                    + UDP_REPLY_TIMEOUT_MILLIS / 1000 + " s");
        } finally {
            channel.socket().setSoTimeout(0);
        }
    }

    /** Starts the streams' data threads once TEST_RUNNING has arrived: one loop for TCP, a thread per UDP flow. */
    void startAll() {
        if (!run.params.udp()) {
            TcpLoop.startAll(run, run.streams);
            return;
        }
        for (DataStream stream : run.streams) {
            DatagramChannel channel = (DatagramChannel) stream.channel();
            stream.start(stream.sending ? UdpWorkers.sender(run, stream, channel, null)
                    : UdpWorkers.receiver(run, stream, channel), "engine-stream-" + stream.id);
        }
    }

    static void closeQuietly(java.io.Closeable closeable) {
        try {
            if (closeable != null) {
                closeable.close();
            }
        } catch (IOException ignored) {
            // nothing to release
        }
    }
}
