package com.burstline.engine;

import java.io.IOException;
import java.net.Inet4Address;
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
     * Warms up the sender when this side sends UDP: after the parameters exchange, while the server waits for the
     * streams (nothing counts yet), and with the classes loaded that the test loads: a class loaded after the
     * warm-up that breaks an assumption of the compiled send path makes the JIT drop it. The process's CPU reading
     * ({@link Cpu}) opens a file channel, a second implementation of the JDK's native I/O dispatcher, and the
     * stream's connect handshake a socket adaptor, a second kind of socket address; both did that.
     */
    static void beforeStreams(TestParams params, InetSocketAddress peer) {
        if (params.udp() && (!params.reverse() || params.bidirectional())) {
            new Cpu().usage();
            sender(params, peer);
        }
    }

    private static void sender(TestParams params, InetSocketAddress peer) {
        InetAddress loopback = loopbackLike(peer);
        InetSocketAddress local = new InetSocketAddress(loopback, 0);
        try (DatagramChannel sink = ClientStreams.openUdp(local); DatagramChannel out = ClientStreams.openUdp(local)) {
            sink.setOption(StandardSocketOptions.SO_RCVBUF, 1);
            sink.bind(local);
            out.connect(sink.getLocalAddress());
            out.socket(); // as the stream's connect handshake does: its classes loaded, see beforeStreams
            TestRun run = new TestRun(params, true);
            DataStream stream = new DataStream(DataStream.idFor(0), true, out, null, null);
            run.begin();
            stream.start(UdpWorkers.sender(run, stream, out, null), "engine-warmup");
            stream.join(MILLIS);
            run.end();
            stream.join(1000); // ended before its channel closes: a close during a send also drops the compiled code
        } catch (IOException | RuntimeException e) {
            // the loop starts cold, as it did before
        }
    }

    /** The loopback address of the peer's family, so that the warm-up takes the same path as the test. */
    private static InetAddress loopbackLike(InetSocketAddress peer) {
        try {
            return peer.getAddress() instanceof Inet4Address ? InetAddress.getByName("127.0.0.1")
                    : InetAddress.getByName("::1");
        } catch (IOException literal) {
            return InetAddress.getLoopbackAddress();
        }
    }
}
