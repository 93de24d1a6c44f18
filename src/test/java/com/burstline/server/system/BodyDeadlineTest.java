package com.burstline.server.system;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A body trickled a byte every second, which no per-read timeout ends, is cut at its total deadline
 * (burstline.http.body-timeout, 3 s here): an upload, a job's request and the sign-in form alike get 408 and their
 * thread back. Each wait is bounded.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BodyDeadlineTest {
    private static final String TOKEN = "body-deadline-token-0123456789";

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> TOKEN);
        registry.add("burstline.http.body-timeout", () -> "3s");
    }

    @LocalServerPort
    int port;

    @Test
    void aTrickledBodyIsCutAtItsDeadlineWith408() throws Exception {
        for (String head : List.of(
                "POST /api/v1/runs HTTP/1.1\r\nAuthorization: Bearer " + TOKEN + "\r\nContent-Type: application/json",
                "POST /login HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded",
                "POST /api/v1/jobs HTTP/1.1\r\nAuthorization: Bearer " + TOKEN + "\r\nContent-Type: application/json")) {
            String answer = trickle(head);
            assertThat(answer).as(head).startsWith("HTTP/1.1 408").contains("did not arrive within 3 s");
        }
    }

    /** Sends the head and then a space a second, until the server answers (or 30 s pass); answers what it sent. */
    private String trickle(String head) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write((head + "\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            for (int second = 0; second < 30; second++) {
                try {
                    byte[] buffer = new byte[8192];
                    int read = in.read(buffer);
                    if (read < 0) {
                        break;
                    }
                    answer.write(buffer, 0, read);
                    socket.setSoTimeout(200); // the rest of the answer, then the close
                } catch (SocketTimeoutException nothingYet) {
                    if (answer.size() > 0) {
                        break;
                    }
                    try {
                        // whitespace: a JSON reader waits on for more; any other byte could end the read early, as
                        // invalid JSON (400), when it comes just before the deadline
                        out.write(' ');
                    } catch (IOException closed) {
                        break;
                    }
                }
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }
}
