package com.burstline.server.security;

import org.springframework.http.HttpMethod;

import java.util.List;
import java.util.Optional;

/**
 * Who may call which API endpoint: the one place the security filter chains and the endpoint-by-credential test
 * (AccessMatrixTest) both read. Paths are written as the OpenAPI document lists them, so the test finds each
 * documented endpoint's rule by its exact path; a new endpoint without a line here fails that test. What is not
 * listed still gets a safe default at run time: reads need a viewer, anything else an admin.
 */
public final class AccessRules {

    /** One endpoint: a method, a path template ({@code {id}} matches one segment) and who may call it. */
    public record Rule(HttpMethod method, String path, String role) {
    }

    private static final String VIEWER = Role.VIEWER.name();
    private static final String OPERATOR = Role.OPERATOR.name();
    private static final String ADMIN = Role.ADMIN.name();

    private static final List<Rule> API = List.of(
            rule(HttpMethod.GET, "/api/v1/runs", VIEWER),
            rule(HttpMethod.POST, "/api/v1/runs", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/runs/values", VIEWER),
            // before /api/v1/runs/{id}, which would match too: the first matching rule decides
            rule(HttpMethod.PATCH, "/api/v1/runs/labels", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/runs/{id}", VIEWER),
            rule(HttpMethod.PATCH, "/api/v1/runs/{id}", OPERATOR),
            rule(HttpMethod.DELETE, "/api/v1/runs/{id}", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/history", VIEWER),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/environment", VIEWER),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/intervals", VIEWER),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/raw", VIEWER),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/findings", VIEWER),
            rule(HttpMethod.GET, "/api/v1/findings/catalog", VIEWER),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/latency", VIEWER),
            rule(HttpMethod.GET, "/api/v1/runs/{id}/configuration", VIEWER),
            rule(HttpMethod.GET, "/api/v1/compare", VIEWER),
            rule(HttpMethod.GET, "/api/v1/reports", VIEWER),
            rule(HttpMethod.GET, "/api/v1/trends", VIEWER),
            rule(HttpMethod.GET, "/api/v1/export/runs.csv", VIEWER),
            rule(HttpMethod.GET, "/api/v1/export/intervals.csv", VIEWER),
            rule(HttpMethod.GET, "/api/v1/export/comparison.csv", VIEWER),
            rule(HttpMethod.GET, "/api/v1/jobs", VIEWER),
            rule(HttpMethod.POST, "/api/v1/jobs", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/jobs/{id}", VIEWER),
            rule(HttpMethod.GET, "/api/v1/jobs/{id}/findings", VIEWER),
            rule(HttpMethod.GET, "/api/v1/jobs/{id}/results", VIEWER),
            rule(HttpMethod.GET, "/api/v1/jobs/{id}/configuration", VIEWER),
            rule(HttpMethod.POST, "/api/v1/jobs/{id}/cancel", OPERATOR),
            rule(HttpMethod.POST, "/api/v1/jobs/{id}/rerun", OPERATOR),
            rule(HttpMethod.PATCH, "/api/v1/jobs/{id}/labels", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/jobs/{id}/events", VIEWER),
            rule(HttpMethod.GET, "/api/v1/schedules", VIEWER),
            rule(HttpMethod.POST, "/api/v1/schedules", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/schedules/{id}", VIEWER),
            rule(HttpMethod.DELETE, "/api/v1/schedules/{id}", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/schedules/{id}/history", VIEWER),
            rule(HttpMethod.POST, "/api/v1/schedules/{id}/pause", OPERATOR),
            rule(HttpMethod.POST, "/api/v1/schedules/{id}/resume", OPERATOR),
            rule(HttpMethod.POST, "/api/v1/schedules/{id}/webhook-secret", OPERATOR),
            rule(HttpMethod.GET, "/api/v1/agents", VIEWER),
            // before /api/v1/agents/{name}, which would match too: the first matching rule decides
            rule(HttpMethod.GET, "/api/v1/agents/join-tokens", ADMIN),
            rule(HttpMethod.POST, "/api/v1/agents/join-tokens", ADMIN),
            rule(HttpMethod.DELETE, "/api/v1/agents/join-tokens/{id}", ADMIN),
            rule(HttpMethod.GET, "/api/v1/agents/{name}", VIEWER),
            rule(HttpMethod.DELETE, "/api/v1/agents/{name}", ADMIN),
            rule(HttpMethod.GET, "/api/v1/agents/{name}/configuration", VIEWER),
            rule(HttpMethod.POST, "/api/v1/agents", Role.ENROLLMENT),
            rule(HttpMethod.POST, "/api/v1/agents/{name}/heartbeat", Role.AGENT),
            rule(HttpMethod.POST, "/api/v1/agents/{name}/live", Role.AGENT),
            rule(HttpMethod.POST, "/api/v1/agents/{name}/latency", Role.AGENT),
            rule(HttpMethod.POST, "/api/v1/agents/{name}/results", Role.AGENT),
            rule(HttpMethod.POST, "/api/v1/agents/{name}/certificate", ADMIN),
            rule(HttpMethod.GET, "/api/v1/users", ADMIN),
            rule(HttpMethod.POST, "/api/v1/users", ADMIN),
            rule(HttpMethod.PATCH, "/api/v1/users/{username}", ADMIN),
            rule(HttpMethod.DELETE, "/api/v1/users/{username}", ADMIN),
            rule(HttpMethod.POST, "/api/v1/me/password", VIEWER),
            rule(HttpMethod.GET, "/api/v1/tokens", ADMIN),
            rule(HttpMethod.POST, "/api/v1/tokens", ADMIN),
            rule(HttpMethod.DELETE, "/api/v1/tokens/{id}", ADMIN));

    /** Dashboard pages that change something; every other page needs a viewer. */
    private static final List<Rule> PAGES = List.of(
            rule(null, "/upload/**", OPERATOR),
            rule(null, "/upload", OPERATOR),
            rule(HttpMethod.POST, "/runs/{id}/delete", OPERATOR),
            rule(HttpMethod.POST, "/runs/{id}/labels", OPERATOR),
            rule(HttpMethod.POST, "/runs/labels", OPERATOR),
            rule(HttpMethod.POST, "/agents/join-tokens", ADMIN),
            rule(HttpMethod.POST, "/agents/join-tokens/{id}/revoke", ADMIN),
            rule(HttpMethod.POST, "/agents/{name}/delete", ADMIN),
            rule(HttpMethod.POST, "/agents/{name}/certificate", ADMIN),
            rule(null, "/jobs/new", OPERATOR),
            rule(HttpMethod.POST, "/jobs/{id}/cancel", OPERATOR),
            rule(HttpMethod.POST, "/jobs/{id}/rerun", OPERATOR),
            rule(HttpMethod.POST, "/jobs/{id}/labels", OPERATOR),
            rule(HttpMethod.POST, "/schedules", OPERATOR),
            rule(HttpMethod.POST, "/schedules/{id}/pause", OPERATOR),
            rule(HttpMethod.POST, "/schedules/{id}/resume", OPERATOR),
            rule(HttpMethod.POST, "/schedules/{id}/delete", OPERATOR),
            rule(null, "/admin/**", ADMIN));

    /** The agent jar, for the host that is about to enroll: any signed-in user, or a join token. */
    public static final String AGENT_JAR = "/agent/burstline-agent.jar";

    private AccessRules() {
    }

    public static List<Rule> api() {
        return API;
    }

    static List<Rule> pages() {
        return PAGES;
    }

    static List<Rule> agentCalls() {
        return API.stream().filter(AccessRules::agentCall).toList();
    }

    static List<Rule> userCalls() {
        return API.stream().filter(rule -> !agentCall(rule)).toList();
    }

    /** Enrolling (the enrollment token, or an agent's own secret to register again) and an agent's own calls. */
    public static boolean agentCall(Rule rule) {
        return rule.role().equals(Role.AGENT) || rule.role().equals(Role.ENROLLMENT);
    }

    /** The rule written for exactly this method and documented path, if there is one. */
    public static Optional<Rule> find(HttpMethod method, String documentedPath) {
        return API.stream().filter(rule -> rule.method().equals(method) && rule.path().equals(documentedPath))
                .findFirst();
    }

    private static Rule rule(HttpMethod method, String path, String role) {
        return new Rule(method, path, role);
    }
}
