package com.burstline.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on loopback that records every byte it passes, both ways: what a host between an agent and its server
 * reads. Each accepted connection is joined to {@code target}; the recording is shared by every relay given the same
 * recorder.
 */
public final class RecordingRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final ByteArrayOutputStream recording;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    public RecordingRelay(InetSocketAddress target, ByteArrayOutputStream recording) throws IOException {
        this.listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        this.target = target;
        this.recording = recording;
        Thread accepting = new Thread(this::accept, "relay-" + listener.getLocalPort());
        accepting.setDaemon(true);
        accepting.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(target, 5000);
                open.add(client);
                open.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException closed) {
                // the relay closed, or the target refused: the client sees its connection end
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread pumping = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    synchronized (recording) {
                        recording.write(buffer, 0, read);
                    }
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException ended) {
                // either side closed
            } finally {
                close(from);
                close(to);
            }
        }, "relay-pump");
        pumping.setDaemon(true);
        pumping.start();
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closed already
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        open.forEach(RecordingRelay::close);
    }
}
