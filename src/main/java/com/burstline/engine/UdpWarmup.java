package com.burstline.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;

/**
 * Runs the UDP sender's own loop for a moment before the test, into a socket of this process on loopback that
 * drops what it gets, so that the JIT has compiled the loop when the measured time starts. A fresh JVM sends its
 * first datagrams interpreted: the engine's first half second at {@code -b 0} measured 0.9-1.2 Gbit/s on loopback
 * where the rest ran at 1.8-2.4 (docs/benchmarks.md), a loss that iperf3, a native binary, does not have. Nothing of it
 * reaches the peer or the test's figures, and a failure only leaves the loop cold.
 */
final class UdpWarmup {
    private static final long MILLIS = 150;

    private UdpWarmup() {
    }

    /**
     * Sends as this side's streams will: a client on a connected socket, a server on its one unconnected socket to
     * each stream's address ({@link ServerUdp}).
     */
    static void sender(TestParams params, InetSocketAddress peer, boolean client) {
        InetAddress loopback = Warmup.loopbackLike(peer);
        InetSocketAddress local = new InetSocketAddress(loopback, 0);
        try (DatagramChannel sink = ClientStreams.openUdp(local); DatagramChannel out = ClientStreams.openUdp(local)) {
            sink.setOption(StandardSocketOptions.SO_RCVBUF, 1);
            sink.bind(local);
            InetSocketAddress target = (InetSocketAddress) sink.getLocalAddress();
            if (client) {
                out.connect(target);
            }
            out.socket(); // as the stream's connect handshake does: its classes loaded, see Warmup
            TestRun run = new TestRun(params, client);
            DataStream stream = new DataStream(DataStream.idFor(0), true, out, null, null);
            run.begin();
            stream.start(UdpWorkers.sender(run, stream, out, client ? null : target), "engine-warmup");
            stream.join(MILLIS);
            run.end();
            stream.join(1000); // ended before its channel closes: a close during a send also drops the compiled code
        } catch (IOException | RuntimeException e) {
            // the loop starts cold, as it did before
        }
    }
}
