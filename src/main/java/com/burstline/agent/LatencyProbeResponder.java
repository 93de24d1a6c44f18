package com.burstline.agent;

import com.burstline.contract.LatencyProbeSpec;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.logging.Logger;

/**
 * The peer's side of the loaded-latency probe: a thread of the agent itself (the probe is the agents' own code, beside
 * iperf3 and the engine alike) that answers each request of its session, on the agent's test address and the port the
 * server gave, with the two clock readings that let the SUT take the peer's own time out of the round trip. Anything
 * else is not answered, and an answer is the request's size. It starts with the server role and keeps answering for
 * {@link LatencyProbeSpec#LOSS_TIMEOUT_MILLIS} after the role ends, so the SUT's last requests are not lost to it.
 */
final class LatencyProbeResponder {
    private static final Logger LOG = Logger.getLogger(LatencyProbeResponder.class.getName());

    /** How long {@link #stop()} waits for the answering thread to let go of the socket. */
    private static final long RELEASE_WAIT_MILLIS = 2000;

    private final DatagramChannel channel;
    private final long session;
    private final Thread thread;
    private final int port;

    private LatencyProbeResponder(DatagramChannel channel, long session, int port) {
        this.channel = channel;
        this.session = session;
        this.port = port;
        this.thread = new Thread(this::run, "latency-probe-answers-" + port);
        thread.setDaemon(true);
    }

    /**
     * @throws PortInUseException when another socket holds the port
     * @throws IllegalStateException when the port cannot be bound otherwise, in words
     */
    static LatencyProbeResponder start(String bind, LatencyProbeSpec probe) {
        try {
            DatagramChannel channel = DatagramChannel.open();
            try {
                channel.bind(new InetSocketAddress(bind, probe.port()));
            } catch (BindException taken) {
                channel.close();
                throw new PortInUseException("UDP", probe.port());
            } catch (IOException other) {
                channel.close();
                throw other;
            }
            LatencyProbeResponder responder = new LatencyProbeResponder(channel, probe.session(), probe.port());
            responder.thread.start();
            return responder;
        } catch (IOException e) {
            throw new IllegalStateException("cannot answer the loaded-latency probe on UDP port " + probe.port()
                    + ": " + e.getMessage(), e);
        }
    }

    int port() {
        return port;
    }

    private void run() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(LatencyProbeDatagram.BYTES + 1);
        try {
            while (true) {
                buffer.clear();
                SocketAddress from = channel.receive(buffer);
                long received = System.nanoTime();
                if (LatencyProbeDatagram.is(buffer, LatencyProbeDatagram.REQUEST, session)) {
                    LatencyProbeDatagram.answer(buffer, received, System.nanoTime());
                    channel.send(buffer, from);
                }
            }
        } catch (IOException closed) {
            // stop() ended it
        }
    }

    /**
     * Stops answering now, and returns once the port is free: a channel closed while its thread waits in
     * {@code receive} is released only when that thread has left it, and the next scenario's probe may bind the
     * same port at once.
     */
    void stop() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.fine("closing the probe's socket: " + e);
        }
        if (Thread.currentThread() != thread) {
            try {
                thread.join(RELEASE_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops answering once the SUT's last requests have had their time. */
    void stopSoon() {
        Thread later = new Thread(() -> {
            try {
                Thread.sleep(LatencyProbeSpec.LOSS_TIMEOUT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stop();
        }, "latency-probe-linger-" + port);
        later.setDaemon(true);
        later.start();
    }
}
