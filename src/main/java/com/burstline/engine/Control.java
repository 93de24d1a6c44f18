package com.burstline.engine;

import com.burstline.contract.Json;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The control connection: state bytes and length-prefixed JSON on one TCP stream (reference §2). Every read has a
 * timeout, so a peer that stops talking ends in an {@link EngineException} in bounded time, never a hang.
 */
final class Control implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final String peer;

    Control(Socket socket, String peer) throws IOException {
        this.socket = socket;
        this.peer = peer;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    Socket socket() {
        return socket;
    }

    /** Reads one state byte (signed, as iperf3 sends it), waiting at most {@code timeoutMillis}. */
    int readState(int timeoutMillis) {
        return guarded(timeoutMillis, "a state byte", () -> {
            int b = in.read();
            if (b < 0) {
                throw new EOFException();
            }
            return (int) (byte) b;
        });
    }

    /** Like {@link #readState} but answers {@code null} when nothing arrived within {@code timeoutMillis}. */
    Integer pollState(int timeoutMillis) {
        try {
            socket.setSoTimeout(Math.max(1, timeoutMillis));
            int b = in.read();
            if (b < 0) {
                throw new EngineException("the control connection to " + peer + " closed unexpectedly");
            }
            return (int) (byte) b;
        } catch (SocketTimeoutException e) {
            return null;
        } catch (IOException e) {
            throw new EngineException("the control connection to " + peer + " failed: " + e.getMessage(), e);
        }
    }

    int readInt(int timeoutMillis) {
        return guarded(timeoutMillis, "an error code", in::readInt);
    }

    byte[] readBytes(int count, int timeoutMillis, String what) {
        byte[] bytes = new byte[count];
        guarded(timeoutMillis, what, () -> {
            in.readFully(bytes);
            return 0;
        });
        return bytes;
    }

    /** Reads a length-prefixed JSON message of at most {@code maxLength} bytes. */
    private byte[] readMessage(int maxLength, int timeoutMillis, String what) {
        int length = guarded(timeoutMillis, what, in::readInt);
        if (length <= 0 || length > maxLength) {
            throw new EngineException(what + " has a length of " + Integer.toUnsignedString(length)
                    + " bytes; expected 1 to " + maxLength);
        }
        return readBytes(length, timeoutMillis, what);
    }

    /** Reads a length-prefixed JSON object; {@code what} names it in the error ("the parameters message"). */
    Map<String, Object> readJson(int maxLength, int timeoutMillis, String what) {
        byte[] json = readMessage(maxLength, timeoutMillis, what);
        try {
            return Json.parseObject(json, what);
        } catch (IllegalArgumentException e) {
            throw new EngineException(e.getMessage());
        }
    }

    void writeJson(Object value) {
        writeMessage(Json.write(value).getBytes(StandardCharsets.UTF_8));
    }

    void writeState(int state) {
        write(new byte[] {(byte) state});
    }

    private void writeMessage(byte[] json) {
        write(ByteBuffer.allocate(4 + json.length).putInt(json.length).put(json).array());
    }

    void writeError(int code, int errno) {
        write(ByteBuffer.allocate(9).put((byte) Wire.SERVER_ERROR).putInt(code).putInt(errno).array());
    }

    void write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            throw new EngineException("the control connection to " + peer + " failed: " + e.getMessage(), e);
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

    private interface Read<T> {
        T read() throws IOException;
    }

    private <T> T guarded(int timeoutMillis, String what, Read<T> read) {
        try {
            socket.setSoTimeout(Math.max(1, timeoutMillis));
            return read.read();
        } catch (SocketTimeoutException e) {
            throw new EngineException(peer + " sent no " + what + " within " + timeoutMillis / 1000.0 + " s");
        } catch (EOFException e) {
            throw new EngineException("the control connection to " + peer + " closed unexpectedly (waiting for "
                    + what + ")");
        } catch (IOException e) {
            throw new EngineException("the control connection to " + peer + " failed: " + e.getMessage(), e);
        }
    }

}
