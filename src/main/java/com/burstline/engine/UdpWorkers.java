package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.function.BooleanSupplier;

/** The loops of a UDP data stream: paced datagrams out, accounted datagrams in. */
final class UdpWorkers {
    private static final long ORIGIN = System.nanoTime();
    /** Keeps the sent seconds well inside iperf3's unsigned 32 bits whatever the JVM's nanoTime origin is. */
    private static final long OFFSET_MICROS = 1_000_000L * 1_000_000L;

    private UdpWorkers() {
    }

    static long nowMicros() {
        return (System.nanoTime() - ORIGIN) / 1000 + OFFSET_MICROS;
    }

    /** Sends on a connected channel when {@code target} is null, else to {@code target} (a shared server socket). */
    static Runnable sender(TestRun run, DataStream stream, DatagramChannel channel, InetSocketAddress target) {
        return () -> {
            boolean wide = run.params.udpCounters64();
            ByteBuffer datagram = TcpWorkers.payload(run.params.len());
            Pacer pacer = Pacer.smooth(run.params.bandwidth(), run::baseNanos);
            BooleanSupplier running = run::sending;
            long sequence = 0;
            try {
                while (run.mayStartBlock()) {
                    pacer.awaitTurn(running);
                    if (!run.beginSend()) {
                        return;
                    }
                    try {
                        send(run, stream, channel, target, datagram, ++sequence, wide, pacer);
                    } finally {
                        run.sendDone();
                    }
                }
            } catch (ClosedChannelException closedHere) {
                // the test ended and closed the stream
            } catch (IOException e) {
                TcpWorkers.failIfRunning(run, stream, "unable to send on UDP stream " + stream.id + ": "
                        + e.getMessage());
            }
        };
    }

    /**
     * One datagram and its counting, a method of its own so that {@link UdpWarmup} leaves it compiled: the loop's
     * own compiled code is dropped when the warm-up's loop ends (a branch it never took), a callee's is not.
     */
    private static void send(TestRun run, DataStream stream, DatagramChannel channel, InetSocketAddress target,
                             ByteBuffer datagram, long sequence, boolean wide, Pacer pacer) throws IOException {
        UdpHeader.write(datagram, nowMicros(), sequence, wide);
        datagram.rewind();
        int sent = target == null ? channel.write(datagram) : channel.send(datagram, target);
        stream.counters.addPacket(sent);
        run.sent(sent, 1);
        pacer.sent(sent);
    }

    /** Reads a connected channel: one stream's datagrams, drained uncounted after TEST_END. */
    static Runnable receiver(TestRun run, DataStream stream, DatagramChannel channel) {
        return () -> {
            ByteBuffer datagram = ByteBuffer.allocateDirect(65536);
            try {
                while (true) {
                    receiveOne(run, stream, channel, datagram);
                }
            } catch (ClosedChannelException closedHere) {
                // the test ended and closed the stream
            } catch (IOException e) {
                TcpWorkers.failIfRunning(run, stream, "unable to receive on UDP stream " + stream.id + ": "
                        + e.getMessage());
            }
        };
    }

    /** One datagram read and counted, a method of its own for {@link UdpWarmup} as {@link #send} is. */
    private static void receiveOne(TestRun run, DataStream stream, DatagramChannel channel, ByteBuffer datagram)
            throws IOException {
        datagram.clear();
        int length = channel.read(datagram);
        account(run, stream, datagram, length);
    }

    /** Counts one datagram as iperf3 does; ones too short to carry a header are not iperf3's and are ignored. */
    static void account(TestRun run, DataStream stream, ByteBuffer datagram, int length) {
        boolean wide = run.params.udpCounters64();
        if (!run.counting() || length < UdpHeader.size(wide)) {
            return;
        }
        long arrival = nowMicros();
        stream.counters.udp.record(UdpHeader.sequence(datagram, wide), UdpHeader.sentMicros(datagram), arrival);
        stream.counters.add(length);
        run.received(length);
    }
}
