package com.burstline.server.system;

import com.burstline.testsupport.BurstlineTest;
import com.burstline.testsupport.TestTokens;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** The API docs state the authentication rules the server applies: every read is 401 without a credential. */
@BurstlineTest
class ApiDocsTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void theDocsSayEveryCallNeedsACredentialAndEachOperationItsRoleAsTheServerApplies() throws Exception {
        JsonNode docs = JsonMapper.builder().build().readTree(get("/v3/api-docs", TestTokens.API).body());
        String description = docs.path("info").path("description").stringValue();

        assertThat(description).contains("Every call needs a credential, reads included, and answers 401")
                .doesNotContain("need no token");
        assertThat(get("/api/v1/runs", null).statusCode()).as("a read without a token").isEqualTo(401);
        assertThat(docs.path("paths").path("/api/v1/runs").path("get").path("description").stringValue())
                .startsWith("**Access:** a viewer (any user or API token); 401 without a credential");
        assertThat(docs.path("paths").path("/api/v1/runs").path("post").path("description").stringValue())
                .startsWith("**Access:** an operator or an admin;");
        assertThat(docs.path("paths").path("/api/v1/tokens").path("post").path("description").stringValue())
                .startsWith("**Access:** an admin;");
    }

    private HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
