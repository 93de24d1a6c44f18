package com.burstline.server.security;

import com.burstline.server.BurstlineApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bootstrap API token the first start generated (data/api-token) is listed under Admin → API tokens as
 * "bootstrap, from …/api-token", and Revoke there ends it and the sessions signed in with it; revoked, it stays
 * revoked after a restart with the same data dir and file.
 */
class BootstrapTokenTest {
    @TempDir
    Path dataDir;

    @Test
    void theBootstrapTokenIsListedCanBeRevokedOnThePageAndStaysRevokedAfterARestart() throws Exception {
        String token;
        try (ConfigurableApplicationContext first = start()) {
            token = Files.readString(dataDir.resolve("api-token")).strip();
            AccessHttp http = new AccessHttp(port(first));
            SignedInBrowser browser = new SignedInBrowser(port(first));
            browser.signIn("", token);
            String page = browser.get("/admin/tokens").body();
            assertThat(page).contains("bootstrap, from " + dataDir.resolve("api-token"));
            JsonNode listed = bootstrapRow(http, token);
            assertThat(listed.get("role").stringValue()).isEqualTo("admin");
            assertThat(listed.get("status").stringValue()).isEqualTo("active");

            var revoked = browser.post("/admin/tokens", "/admin/tokens/" + listed.get("id").longValue() + "/revoke",
                    "");

            assertThat(revoked.statusCode()).isEqualTo(302);
            assertRefused(http, token);
            UserAccessTest.assertSignInPage(browser.get("/admin/tokens"));
        }
        try (ConfigurableApplicationContext second = start()) {
            AccessHttp http = new AccessHttp(port(second));
            assertThat(Files.readString(dataDir.resolve("api-token")).strip()).isEqualTo(token);
            assertRefused(http, token);
            SignedInBrowser admin = new SignedInBrowser(port(second));
            admin.signIn("admin", Files.readString(dataDir.resolve("admin-password")).strip());
            assertThat(admin.get("/admin/tokens").body()).contains("bootstrap, from").contains(">revoked<");
        }
    }

    private static JsonNode bootstrapRow(AccessHttp http, String token) {
        for (JsonNode row : AccessHttp.JSON.readTree(http.send("GET", "/api/v1/tokens", token, null).body())) {
            if (row.get("bootstrap").booleanValue()) {
                return row;
            }
        }
        throw new AssertionError("the bootstrap token is not listed");
    }

    private static void assertRefused(AccessHttp http, String token) {
        var refused = http.send("GET", "/api/v1/runs", token, null);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(AccessHttp.JSON.readTree(refused.body()).get("detail").stringValue())
                .isEqualTo("This token was revoked.");
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(BurstlineApplication.class)
                .run("--server.port=0", "--burstline.data-dir=" + dataDir);
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
