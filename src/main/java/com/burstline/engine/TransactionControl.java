package com.burstline.engine;

import com.burstline.contract.Json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The request/response test's control connection: one JSON object a line each way. The client says what it will run
 * ({@code hello}: protocol, message size, flows and the cookie every flow carries), the server answers {@code ready}
 * once it serves it; at the end the client says {@code end} and the server answers its CPU and the count it served.
 * Lines are bounded, and every read has a deadline, so a peer that stops answering ends the exchange with an error
 * rather than a wait.
 */
final class TransactionControl implements AutoCloseable {
    static final int VERSION = 1;
    private static final int MAX_LINE = 4096;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    TransactionControl(Socket socket) throws IOException {
        this.socket = socket;
        this.socket.setTcpNoDelay(true);
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    void send(Map<String, Object> message) throws IOException {
        out.write((Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /**
     * The next line as an object; {@code timeoutMillis} 0 waits as long as the connection lives.
     *
     * @throws EngineException when the peer closed, sent no line in time, or sent something else than an object
     */
    Map<String, Object> receive(int timeoutMillis, String waitingFor) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new EngineException("the peer closed the control connection while this side waited for "
                            + waitingFor);
                }
                if (line.size() >= MAX_LINE) {
                    throw new EngineException("the peer's control line is longer than " + MAX_LINE + " bytes");
                }
                line.write(b);
            }
        } catch (SocketTimeoutException silent) {
            throw new EngineException("the peer sent no " + waitingFor + " within " + timeoutMillis + " ms");
        }
        try {
            return Json.parseObject(line.toByteArray(), "the peer's " + waitingFor);
        } catch (IllegalArgumentException wrong) {
            throw new EngineException(wrong.getMessage());
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing: nothing left to tell the peer
        }
    }
}
