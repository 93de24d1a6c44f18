package com.burstline.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The same uploads as {@link HttpUploads}, sent by a load generator that costs next to nothing: each request's bytes
 * (request line, headers, body) are built before the clock starts and written whole to a keep-alive socket, and the
 * answer is read just far enough to check its status and find its end. The JDK's HttpClient costs several
 * milliseconds of CPU per request, and here it shares the server's cores; this row shows what the server does when
 * its clients take almost nothing from it. Every request is still a real HTTP/1.1 request through the whole server.
 */
final class SocketUploads {
    private final int port;
    private final String token;

    SocketUploads(int port, String token) {
        this.port = port;
        this.token = token;
    }

    /** @return wall-clock nanoseconds for all uploads */
    long upload(List<Corpus.Upload> uploads, int clients) throws Exception {
        byte[][] requests = uploads.stream().map(this::request).toArray(byte[][]::new);
        return Parallel.run(uploads.size(), clients, () -> new Connection(uploads, requests));
    }

    private byte[] request(Corpus.Upload upload) {
        String head = "POST /api/v1/runs" + HttpUploads.QUERY + " HTTP/1.1\r\n"
                + "Host: 127.0.0.1:" + port + "\r\n"
                + "Authorization: Bearer " + token + "\r\n"
                + "Content-Type: " + upload.mediaType() + "\r\n"
                + "Content-Length: " + upload.content().length + "\r\n\r\n";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(head.length() + upload.content().length);
        bytes.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        bytes.writeBytes(upload.content());
        return bytes.toByteArray();
    }

    /** One client's keep-alive connection, opened again when the server closes it (Tomcat does every 100 requests). */
    private final class Connection implements Parallel.Worker {
        private final List<Corpus.Upload> uploads;
        private final byte[][] requests;
        private Socket socket;
        private OutputStream out;
        private InputStream in;

        Connection(List<Corpus.Upload> uploads, byte[][] requests) throws IOException {
            this.uploads = uploads;
            this.requests = requests;
            open();
        }

        private void open() throws IOException {
            socket = new Socket("127.0.0.1", port);
            socket.setTcpNoDelay(true);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        }

        /** Anything but 201 means the run was not stored as new, and the figures would not mean what they say. */
        @Override
        public void handle(int item) throws IOException {
            out.write(requests[item]);
            out.flush();
            String status = line();
            Answer answer = headers();
            String body = answer.chunked() ? chunkedBody() : new String(in.readNBytes(answer.length()),
                    StandardCharsets.UTF_8);
            if (!status.startsWith("HTTP/1.1 201 ")) {
                throw new IllegalStateException("upload of a variant of " + uploads.get(item).sample()
                        + " answered " + status + ": " + body);
            }
            if (answer.close()) {
                close();
                open();
            }
        }

        private record Answer(int length, boolean chunked, boolean close) {
        }

        private Answer headers() throws IOException {
            int length = 0;
            boolean chunked = false;
            boolean close = false;
            for (String header = line(); !header.isEmpty(); header = line()) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(lower.substring(15).strip());
                } else if (lower.startsWith("transfer-encoding:")) {
                    chunked = lower.contains("chunked");
                } else if (lower.startsWith("connection:")) {
                    close = lower.contains("close");
                }
            }
            return new Answer(length, chunked, close);
        }

        private String chunkedBody() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                body.writeBytes(in.readNBytes(size));
                line();
            }
            while (!line().isEmpty()) {
                // trailers, none expected
            }
            return body.toString(StandardCharsets.UTF_8);
        }

        private int chunkSize() throws IOException {
            String size = line();
            int extension = size.indexOf(';');
            return Integer.parseInt(extension < 0 ? size.strip() : size.substring(0, extension).strip(), 16);
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("the server closed the connection mid-answer");
                }
                if (b != '\r') {
                    line.append((char) b);
                }
            }
            return line.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
