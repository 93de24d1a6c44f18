package com.burstline.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 exchange written byte for byte, for what no HTTP client sends: a bad %-escape in the query, a
 * multipart type without a body, a request from another loopback address. The answer is read until the server
 * closes the connection (the request says Connection: close) or 20 s pass.
 */
public final class RawHttp {
    private RawHttp() {
    }

    /** The status code, and the whole answer as text. */
    public record Answer(int status, String text) {
        public String body() {
            int start = text.indexOf("\r\n\r\n");
            return start < 0 ? "" : text.substring(start + 4);
        }

        public String header(String name) {
            for (String line : text.split("\r\n")) {
                if (line.isEmpty()) {
                    return null;
                }
                if (line.regionMatches(true, 0, name + ":", 0, name.length() + 1)) {
                    return line.substring(name.length() + 1).strip();
                }
            }
            return null;
        }
    }

    /** {@code head} is the request line and headers without the blank line; Host and Connection are added. */
    public static Answer exchange(String from, int port, String head, byte[] body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write((head + "\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            try {
                in.transferTo(answer);
            } catch (IOException resetAfterAnswer) {
                // a server that closes without reading the body may reset the connection after its answer
            }
            String text = answer.toString(StandardCharsets.UTF_8);
            int status = text.startsWith("HTTP/1.1 ") ? Integer.parseInt(text.substring(9, 12)) : -1;
            return new Answer(status, text);
        }
    }

    public static Answer exchange(int port, String head) throws IOException {
        return exchange("127.0.0.1", port, head, new byte[0]);
    }
}
