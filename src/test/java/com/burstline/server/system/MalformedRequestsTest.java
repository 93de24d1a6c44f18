package com.burstline.server.system;

import com.burstline.testsupport.BurstlineTest;
import com.burstline.testsupport.RawHttp;
import com.burstline.testsupport.TestTokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests the container could not take apart were 500s with about 120 lines of stack trace each, anonymous ones
 * included: a multipart type without a usable body (GET /actuator/health, /login), a bad %-escape in the query or a
 * form. Each is a 400 problem now, and nothing of it reaches the log as an error.
 */
@BurstlineTest
@ExtendWith(OutputCaptureExtension.class)
class MalformedRequestsTest {
    private static final String TOKEN = "Authorization: Bearer " + TestTokens.API;

    @LocalServerPort
    int port;

    @Test
    void aMultipartTypeWithoutAUsableBodyIsA400ProblemEverywhere(CapturedOutput log) throws IOException {
        for (String head : List.of(
                "GET /actuator/health HTTP/1.1\r\nContent-Type: multipart/form-data",
                "POST /actuator/health HTTP/1.1\r\nContent-Type: multipart/form-data\r\nContent-Length: 3",
                "GET /login HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x",
                "POST /login HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 3",
                "GET /api/v1/runs HTTP/1.1\r\nContent-Type: multipart/form-data\r\n" + TOKEN,
                "POST /api/v1/runs HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 3\r\n"
                        + TOKEN,
                "POST /upload HTTP/1.1\r\nContent-Type: multipart/form-data\r\nContent-Length: 3",
                "POST /upload HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 3")) {
            assertProblem400(RawHttp.exchange("127.0.0.1", port, head, "abc".getBytes(StandardCharsets.US_ASCII)),
                    head);
        }
        assertNoErrorLogged(log);
    }

    @Test
    void aBadPercentEscapeIsA400ProblemWithoutAStackTrace(CapturedOutput log) throws IOException {
        for (String head : List.of("GET /login?x=%zz HTTP/1.1", "GET /api/v1/runs?sut=%zz HTTP/1.1\r\n" + TOKEN,
                "GET /api/v1/runs?sut=%C3%28 HTTP/1.1\r\n" + TOKEN, "GET /actuator/health?%4 HTTP/1.1")) {
            assertProblem400(RawHttp.exchange(port, head), head);
        }
        String form = "username=%zz&password=x";
        assertProblem400(RawHttp.exchange("127.0.0.1", port, "POST /login HTTP/1.1\r\nContent-Type: "
                + "application/x-www-form-urlencoded\r\nContent-Length: " + form.length(),
                form.getBytes(StandardCharsets.US_ASCII)), "a sign-in form with %zz");
        assertNoErrorLogged(log);
    }

    private static void assertProblem400(RawHttp.Answer answer, String request) {
        assertThat(answer.status()).as(request + " → " + answer.text()).isEqualTo(400);
        assertThat(answer.header("Content-Type")).as(request).startsWith("application/problem+json");
        assertThat(answer.body()).as(request).contains("\"status\":400");
    }

    private static void assertNoErrorLogged(CapturedOutput log) {
        assertThat(log.getOut() + log.getErr()).doesNotContain(" ERROR ").doesNotContain("\tat org.");
    }
}
