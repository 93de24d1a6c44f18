package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * UDP_RR's answering side: one socket on the test's port for every flow, each datagram that carries the test's
 * cookie sent back as it came to where it came from. Anything else is not answered, so the port echoes this test's
 * client and nobody else, and an answer is never larger than its request.
 */
final class UdpEchoes extends Echoes {
    private final DatagramChannel channel;
    private final long cookie;
    private final Thread thread;

    private UdpEchoes(DatagramChannel channel, long cookie) {
        this.channel = channel;
        this.cookie = cookie;
        this.thread = new Thread(this::run, "rr-udp-echo");
        thread.setDaemon(true);
    }

    static UdpEchoes open(InetSocketAddress address, long cookie) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        try {
            channel.bind(address);
        } catch (IOException taken) {
            channel.close();
            throw new EngineException("cannot listen for UDP on " + address + ": " + taken.getMessage(), taken);
        }
        UdpEchoes echoes = new UdpEchoes(channel, cookie);
        echoes.thread.start();
        return echoes;
    }

    private void run() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(65_536);
        try {
            while (true) {
                buffer.clear();
                SocketAddress from = channel.receive(buffer);
                if (buffer.position() >= 16 && buffer.getLong(0) == cookie) {
                    buffer.flip();
                    channel.send(buffer, from);
                    answered();
                }
            }
        } catch (IOException closed) {
            // close() ended it
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
            thread.join();
        } catch (IOException ignored) {
            // closed either way
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
