package com.burstline.server.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A wall display (burstline.security.public-read) reads without signing in but writes nothing; and a client that
 * keeps sending wrong tokens or passwords is locked out with 429 and Retry-After, logged once.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class PublicReadAndLockoutTest {
    static final String BOOTSTRAP = "public-bootstrap-token-0123456789";
    static final Path dataDir = AccessFixtures.tempDir("burstline-public-");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> BOOTSTRAP);
        registry.add("burstline.security.public-read", () -> "true");
        registry.add("burstline.security.max-failures", () -> "3");
        registry.add("burstline.security.failure-window", () -> "10m");
    }

    @LocalServerPort
    int port;

    @Test
    void anonymousVisitorsReadEverythingAViewerMayButWriteNothing() throws Exception {
        var http = new AccessHttp(port);
        assertThat(http.send("GET", "/api/v1/runs", null, null).statusCode()).isEqualTo(200);
        assertThat(http.send("GET", "/api/v1/agents", null, null).statusCode()).isEqualTo(200);
        assertThat(http.send("POST", "/api/v1/jobs", null, "{}").statusCode()).isEqualTo(401);
        assertThat(http.send("GET", "/api/v1/tokens", null, null).statusCode()).isEqualTo(401);
        var page = new SignedInBrowser(port).get("/jobs");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Sign in").doesNotContain("New job");
    }

    @Test
    void wrongTokensAndPasswordsLockTheAddressOutOnceWithRetryAfter(CapturedOutput output) throws Exception {
        var http = new AccessHttp(port);
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThat(http.send("GET", "/api/v1/runs", "wrong-token-" + attempt, null).statusCode()).isEqualTo(401);
        }
        assertThat(new SignedInBrowser(port).signIn("admin", "wrong-password")).contains("/login?error");
        var locked = http.send("GET", "/api/v1/runs", BOOTSTRAP, null);
        assertThat(locked.statusCode()).as("even the right token, once locked out").isEqualTo(429);
        assertThat(Long.parseLong(locked.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 600L);
        assertThat(locked.body()).contains("Too many failed sign-ins or wrong tokens");
        assertThat(new SignedInBrowser(port).signIn("admin", "another-guess")).startsWith("429");
        assertThat(http.send("GET", "/api/v1/runs", null, null).statusCode())
                .as("a request without credentials is not a guess").isEqualTo(200);
        assertThat(http.send("POST", "/api/v1/agents/some-agent/heartbeat", "not-an-agent-secret-0123456789", "{}")
                .statusCode()).as("agents have a limiter of their own: people's mistakes never lock them out")
                .isEqualTo(401);
        assertThat(output.getOut().split("locked out until", -1)).hasSize(2);
    }
}
