package com.burstline.server.security;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every endpoint the OpenAPI document lists × every kind of credential, over real HTTP: no credential, a wrong
 * token, a revoked and an expired admin token, viewer, operator and admin tokens, the enrollment token (the agent
 * token), an unused join token and an enrolled agent's own secret. The endpoints
 * come from /v3/api-docs and the required role from AccessRules, so an endpoint added without a rule fails here.
 * "Allowed" means the call got past security (200, or the controller's own 400/404 for the dummy input), never
 * 401/403 and never a 5xx.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccessMatrixTest {
    static final String BOOTSTRAP = "matrix-bootstrap-token-0123456789";
    static final String AGENT = "matrix-agent-token-0123456789";

    static final Path dataDir = AccessFixtures.tempDir("burstline-matrix-");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> BOOTSTRAP);
        registry.add("burstline.agent-token", () -> AGENT);
        // the matrix sends hundreds of refused credentials from one address on purpose
        registry.add("burstline.security.max-failures", () -> "1000000");
    }

    @LocalServerPort
    int port;
    @Autowired
    ApiTokens tokens;
    @Autowired
    JoinTokens joinTokens;

    private AccessHttp http;
    private final Map<String, String> credentials = new LinkedHashMap<>();

    @BeforeAll
    void credentials() {
        http = new AccessHttp(port);
        credentials.put("none", null);
        credentials.put("wrong", TokenSecrets.generate());
        String revoked = http.issue(BOOTSTRAP, "revoked", "admin");
        assertThat(http.send("DELETE", "/api/v1/tokens/" + http.idOf(BOOTSTRAP, "revoked"), BOOTSTRAP, null)
                .statusCode()).isEqualTo(200);
        credentials.put("revoked", revoked);
        credentials.put("expired", tokens.issue("expired", Role.ADMIN, Instant.now().minusSeconds(60),
                TokenAuthenticators.BOOTSTRAP_NAME).secret());
        for (String role : List.of("viewer", "operator", "admin")) {
            credentials.put(role, http.issue(BOOTSTRAP, role, role));
        }
        credentials.put("enrollment", AGENT);
        // the matrix's bodies never enroll (400), so this join token stays unused throughout
        credentials.put("join", joinTokens.issue("matrix-joiner", Instant.now().plusSeconds(3600), "test").secret());
        credentials.put("agent", enroll(AccessHttp.MATRIX_AGENT));
    }

    private String enroll(String name) {
        var enrolled = http.send("POST", "/api/v1/agents", AGENT, "{\"name\": \"" + name + "\", \"url\": "
                + "\"http://127.0.0.1:9\"}");
        assertThat(enrolled.statusCode()).as(enrolled.body()).isEqualTo(200);
        return json(enrolled.body()).get("secret").stringValue();
    }

    @Test
    void everyDocumentedEndpointHasARuleAndEveryRuleADocumentedEndpoint() {
        List<AccessHttp.Endpoint> documented = http.documentedEndpoints(BOOTSTRAP);
        assertThat(documented).hasSizeGreaterThan(20);
        List<String> withoutRule = documented.stream()
                .filter(endpoint -> AccessRules.find(HttpMethod.valueOf(endpoint.method()), endpoint.path()).isEmpty())
                .map(AccessHttp.Endpoint::toString).toList();
        assertThat(withoutRule).as("endpoints without a line in AccessRules: add one").isEmpty();
        List<String> stale = AccessRules.api().stream()
                .filter(rule -> !documented.contains(new AccessHttp.Endpoint(rule.method().name(), rule.path())))
                .map(rule -> rule.method() + " " + rule.path()).toList();
        assertThat(stale).as("rules for endpoints the API document does not list").isEmpty();
    }

    @Test
    void everyEndpointAnswersEveryCredentialAsItsRuleSays() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (AccessHttp.Endpoint endpoint : http.documentedEndpoints(BOOTSTRAP)) {
            var rule = AccessRules.find(HttpMethod.valueOf(endpoint.method()), endpoint.path());
            if (rule.isEmpty()) {
                continue;
            }
            for (var credential : credentials.entrySet()) {
                String expected = expected(rule.get().role(), credential.getKey());
                var response = http.send(endpoint.method(), endpoint.concretePath(), credential.getValue(),
                        endpoint.method().equals("GET") || endpoint.method().equals("DELETE") ? null : "{}");
                String actual = outcome(response.statusCode());
                checked++;
                if (!actual.equals(expected)) {
                    wrong.add(endpoint + " as " + credential.getKey() + ": expected " + expected + ", got "
                            + response.statusCode() + " " + abbreviate(response.body()));
                } else if (!actual.equals("allowed")) {
                    assertThat(response.headers().firstValue("Content-Type").orElse(""))
                            .as(endpoint + " as " + credential.getKey()).startsWith("application/problem+json");
                }
            }
        }
        assertThat(wrong).as("of " + checked + " calls").isEmpty();
        assertThat(checked).isGreaterThan(10 * 20);
    }

    /** The rules themselves, spelled out for the calls that matter most, so a wrong line in AccessRules shows. */
    @Test
    void viewersReadOperatorsWriteRunsJobsAndSchedulesAdminsManageAccess() {
        assertThat(http.send("GET", "/api/v1/runs", credentials.get("viewer"), null).statusCode()).isEqualTo(200);
        assertThat(http.send("POST", "/api/v1/runs", credentials.get("viewer"), "{}").statusCode()).isEqualTo(403);
        assertThat(http.send("POST", "/api/v1/jobs", credentials.get("viewer"), "{}").statusCode()).isEqualTo(403);
        assertThat(http.send("POST", "/api/v1/jobs", credentials.get("operator"), "{}").statusCode())
                .isEqualTo(400);
        assertThat(http.send("GET", "/api/v1/tokens", credentials.get("operator"), null).statusCode())
                .isEqualTo(403);
        assertThat(http.send("GET", "/api/v1/schedules", credentials.get("viewer"), null).statusCode())
                .isEqualTo(200);
        assertThat(http.send("POST", "/api/v1/schedules", credentials.get("viewer"), "{}").statusCode())
                .isEqualTo(403);
        assertThat(http.send("POST", "/api/v1/schedules/1/pause", credentials.get("viewer"), null).statusCode())
                .isEqualTo(403);
        assertThat(http.send("POST", "/api/v1/schedules", credentials.get("operator"), "{}").statusCode())
                .isEqualTo(400);
        assertThat(http.send("GET", "/api/v1/users", credentials.get("admin"), null).statusCode()).isEqualTo(200);
        assertThat(http.send("GET", "/api/v1/runs", AGENT, null).statusCode()).isEqualTo(401);
        assertThat(http.send("POST", "/api/v1/agents", credentials.get("admin"), "{}").statusCode())
                .isEqualTo(401);
        var revoked = http.send("GET", "/api/v1/runs", credentials.get("revoked"), null);
        assertThat(revoked.body()).contains("This token was revoked.");
        var expired = http.send("GET", "/api/v1/runs", credentials.get("expired"), null);
        assertThat(expired.body()).contains("This token expired at");
        assertThat(http.send("GET", "/api/v1/runs", credentials.get("agent"), null).statusCode()).isEqualTo(401);
        assertThat(http.send("DELETE", "/api/v1/agents/matrix-nobody", credentials.get("operator"), null)
                .statusCode()).isEqualTo(403);
        var forbidden = http.send("DELETE", "/api/v1/runs/1", credentials.get("viewer"), null);
        assertThat(json(forbidden.body()).get("type").stringValue()).isEqualTo("urn:burstline:problem:forbidden");
    }

    /** The error page's own address is nothing to ask for: 404, as for any address with nothing there. */
    @Test
    void theErrorPathAskedForDirectlyIsNotFound() throws Exception {
        var api = http.send("GET", "/error", null, null);
        assertThat(api.statusCode()).as(api.body()).isEqualTo(404);
        assertThat(json(api.body()).get("detail").stringValue()).isEqualTo("There is nothing at /error.");
        var page = new SignedInBrowser(port).get("/error");
        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.body()).contains("There is nothing at /error.");
    }

    /** An agent's secret is its own: on another agent's calls it is refused, and so is the enrollment token. */
    @Test
    void anAgentSpeaksOnlyForItselfAndTheEnrollmentTokenOnlyEnrolls() {
        String other = enroll("matrix-other");
        for (String call : List.of("heartbeat", "live", "results")) {
            var asOther = http.send("POST", "/api/v1/agents/" + AccessHttp.MATRIX_AGENT + "/" + call, other, "{}");
            assertThat(asOther.statusCode()).as(call + " as another agent").isEqualTo(403);
            assertThat(json(asOther.body()).get("detail").stringValue()).contains("speaks only for itself");
            assertThat(http.send("POST", "/api/v1/agents/" + AccessHttp.MATRIX_AGENT + "/" + call, AGENT, "{}")
                    .statusCode()).as(call + " with the enrollment token").isEqualTo(403);
        }
        var takeOver = http.send("POST", "/api/v1/agents", other, "{\"name\": \"" + AccessHttp.MATRIX_AGENT
                + "\", \"url\": \"http://127.0.0.1:9\"}");
        assertThat(takeOver.statusCode()).as(takeOver.body()).isEqualTo(403);
        assertThat(json(takeOver.body()).get("detail").stringValue()).contains("secret of agent 'matrix-other'");
    }

    /**
     * The agent jar is a file outside the API document: every user and an unused join token may fetch it (200, or
     * 404 in words where this test's server has no jar), nobody else.
     */
    @Test
    void theAgentJarIsForUsersAndJoinTokensOnly() {
        for (var credential : credentials.entrySet()) {
            var response = http.send("GET", AccessRules.AGENT_JAR, credential.getValue(), null);
            String expected = switch (credential.getKey()) {
                case "viewer", "operator", "admin", "join" -> "allowed";
                default -> "401";
            };
            assertThat(outcome(response.statusCode())).as(credential.getKey() + ": " + abbreviate(response.body()))
                    .isEqualTo(expected);
            if (response.statusCode() == 404) {
                assertThat(json(response.body()).get("detail").stringValue()).contains("burstline.agents.jar-path");
            }
        }
    }

    /** What a credential gets on an endpoint that needs this role. */
    static String expected(String required, String credential) {
        boolean agentCall = required.equals(Role.AGENT) || required.equals(Role.ENROLLMENT);
        return switch (credential) {
            case "none", "wrong", "revoked", "expired" -> "401";
            case "enrollment", "join" -> required.equals(Role.ENROLLMENT) ? "allowed" : agentCall ? "403" : "401";
            case "agent" -> agentCall ? "allowed" : "401";
            default -> agentCall ? "401"
                    : Role.parse(credential).includes(Role.valueOf(required)) ? "allowed" : "403";
        };
    }

    private static String outcome(int status) {
        return status == 401 || status == 403 ? Integer.toString(status) : status >= 500 ? "5xx" : "allowed";
    }

    private static String abbreviate(String body) {
        return body.length() > 200 ? body.substring(0, 200) + "…" : body;
    }

    static JsonNode json(String body) {
        return AccessHttp.JSON.readTree(body);
    }
}
