package com.burstline.engine;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Warms up the data loops a test is about to run ({@link TcpWarmup}, {@link UdpWarmup}) after the parameters
 * exchange, while nothing counts yet, on both sides: the client before it opens the streams, the server before it
 * asks for them. Not earlier, since a class loaded after the warm-up that breaks an assumption of the compiled loops
 * makes the JIT drop them: the process's CPU reading ({@link Cpu}) opens a file channel, a second implementation of
 * the JDK's native I/O dispatcher, and the streams' connect a socket adaptor, a second kind of socket address.
 */
final class Warmup {
    private Warmup() {
    }

    static void beforeStreams(TestParams params, InetSocketAddress peer, boolean client) {
        new Cpu().usage();
        if (params.udp()) {
            UdpWarmup.run(params, peer, client);
        } else {
            TcpWarmup.run(params, peer);
        }
    }

    /** The loopback address of the peer's family, so that the warm-up takes the same path as the test. */
    static InetAddress loopbackLike(InetSocketAddress peer) {
        try {
            return peer.getAddress() instanceof Inet4Address ? InetAddress.getByName("127.0.0.1")
                    : InetAddress.getByName("::1");
        } catch (IOException literal) {
            return InetAddress.getLoopbackAddress();
        }
    }
}
