package com.burstline.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;

/**
 * Runs the UDP loops a test will run for a moment before it, on loopback sockets of this process, so that the JIT
 * has compiled them when the measured time starts. A fresh JVM sends its first datagrams interpreted, slower than
 * the rest of the test, and a cold receiver drops datagrams in its first second: a loss that iperf3, a native
 * binary, does not have, and that a report would blame on the network. Nothing of it
 * reaches the peer or the test's figures, and a failure only leaves the loops cold.
 */
final class UdpWarmup {
    private static final long MILLIS = 150;

    private UdpWarmup() {
    }

    /** Warms up what this side will do: send, receive, or both. */
    static void run(TestParams params, InetSocketAddress peer, boolean client) {
        if (params.bidirectional() || params.reverse() == client) {
            if (client) {
                clientReceiver(params, peer);
            } else {
                serverReceiver(params, peer);
            }
        }
        if (params.bidirectional() || params.reverse() != client) {
            sender(params, peer, client);
        }
    }

    /**
     * Sends as this side's streams will: a client on a connected socket, a server on its one unconnected socket to
     * each stream's address ({@link ServerUdp}), into a socket that drops what it gets.
     */
    static void sender(TestParams params, InetSocketAddress peer, boolean client) {
        InetSocketAddress local = new InetSocketAddress(Warmup.loopbackLike(peer), 0);
        try (DatagramChannel sink = ClientStreams.openUdp(local); DatagramChannel out = ClientStreams.openUdp(local)) {
            sink.setOption(StandardSocketOptions.SO_RCVBUF, 1);
            sink.bind(local);
            InetSocketAddress target = (InetSocketAddress) sink.getLocalAddress();
            if (client) {
                out.connect(target);
            }
            send(params, out, client ? null : target);
        } catch (IOException | RuntimeException e) {
            // the loop starts cold, as it did before
        }
    }

    /** The client's receiving loop on a connected socket, fed by a sender of this process. */
    private static void clientReceiver(TestParams params, InetSocketAddress peer) {
        InetSocketAddress local = new InetSocketAddress(Warmup.loopbackLike(peer), 0);
        try (DatagramChannel in = ClientStreams.openUdp(local); DatagramChannel out = ClientStreams.openUdp(local)) {
            in.setOption(StandardSocketOptions.SO_RCVBUF, ClientStreams.UDP_RECEIVE_BUFFER);
            in.bind(local);
            out.bind(local);
            in.connect(out.getLocalAddress());
            out.connect(in.getLocalAddress());
            TestRun receiving = new TestRun(params, true);
            DataStream stream = new DataStream(DataStream.idFor(0), false, in, null, null);
            receiving.begin();
            stream.start(UdpWorkers.receiver(receiving, stream, in), "engine-warmup-receiver");
            send(params, out, null);
            receiving.end();
            in.close();
            stream.join(1000);
        } catch (IOException | RuntimeException e) {
            // the loop starts cold, as it did before
        }
    }

    /** The server's receiving loop: a {@link ServerUdp} of its own on a free port, one stream from this process. */
    private static void serverReceiver(TestParams params, InetSocketAddress peer) {
        TestParams upload = new TestParams(true, 0, 0, 0, 0, 1, false, false, params.window(), params.len(),
                params.bandwidth(), params.udpCounters64(), false);
        TestRun receiving = new TestRun(upload, false);
        InetAddress loopback = Warmup.loopbackLike(peer);
        ServerUdp server = null;
        try (DatagramChannel out = ClientStreams.openUdp(new InetSocketAddress(loopback, 0))) {
            server = new ServerUdp(receiving, 0);
            out.connect(new InetSocketAddress(loopback, server.port()));
            server.admit(out.getLocalAddress());
            receiving.begin();
            server.startAll();
            send(upload, out, null);
            receiving.end();
        } catch (IOException | RuntimeException e) {
            // the loop starts cold, as it did before
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /** The sending loop for {@link #MILLIS}, ended before its channel closes: a close mid-send drops its code too. */
    private static void send(TestParams params, DatagramChannel out, InetSocketAddress target) {
        out.socket(); // as the stream's connect handshake does: its classes loaded, see Warmup
        TestRun run = new TestRun(params, target == null);
        DataStream stream = new DataStream(DataStream.idFor(0), true, out, null, null);
        run.begin();
        stream.start(UdpWorkers.sender(run, stream, out, target), "engine-warmup");
        stream.join(MILLIS);
        run.end();
        stream.join(1000);
    }
}
