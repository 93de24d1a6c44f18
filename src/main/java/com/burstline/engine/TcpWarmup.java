package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * Runs the TCP loops of a test, a sender into a receiver, for a moment on a loopback connection of this process
 * before the test's streams open, so that the JIT has compiled them when the measured time starts. Without it a
 * fresh JVM's first moments run slower than the rest of the test, a loss that iperf3, a native binary, does not
 * have. Nothing of it reaches the peer or the test's figures, and a failure only leaves the loops
 * cold.
 */
final class TcpWarmup {
    private static final long MILLIS = 300;
    /**
     * The warm-up's block: small, so that the loops turn often enough in the time for the JIT's optimizing compiler
     * (thousands of calls), where 128 KiB blocks reached only its first tier and the rest compiled during the test.
     */
    private static final int BLOCK = 4096;

    private TcpWarmup() {
    }

    static void run(TestParams params, InetSocketAddress peer) {
        TestParams one = new TestParams(false, 0, 0, 0, 0, 1, false, false, params.window(),
                Math.min(params.len(), BLOCK), params.bandwidth(), false, false);
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(Warmup.loopbackLike(peer), 0));
            SocketChannel out = SocketChannel.open();
            out.socket().connect(listener.getLocalAddress(), 1000); // as ClientStreams connects: the same classes
            SocketChannel in = listener.accept();
            // server-side runs: a server's sender knows no byte or block limit, so nothing ends the warm-up early
            TestRun sending = new TestRun(one, false);
            TestRun receiving = new TestRun(one, false);
            sending.streams.add(new DataStream(DataStream.idFor(0), true, out, null, null));
            receiving.streams.add(new DataStream(DataStream.idFor(0), false, in, null, null));
            sending.begin();
            receiving.begin();
            TcpLoop.startAll(receiving, List.copyOf(receiving.streams));
            TcpLoop.startAll(sending, List.copyOf(sending.streams));
            Thread.sleep(MILLIS);
            sending.end();
            receiving.end();
            sending.closeStreams();
            receiving.closeStreams();
        } catch (IOException | RuntimeException e) {
            // the loops start cold, as they did before
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
