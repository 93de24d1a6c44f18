package com.burstline.server.security;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

import java.util.Set;

/** AccessRules turned into Spring Security's authorisation, one method per filter chain. */
final class AccessPolicy {
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
    private static final String[] OPEN = {"/login", "/login/password", "/css/**", "/js/**", "/webjars/**",
            "/actuator/health", "/actuator/health/**", "/error"};

    private AccessPolicy() {
    }

    private static final PathPatternRequestMatcher.Builder PATHS = PathPatternRequestMatcher.withDefaults();

    /**
     * Enrolling: the enrollment token, or an agent's own secret registering again. Every other agent call: only the
     * agent named in the path, by its own secret.
     */
    static void agents(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry r) {
        r.dispatcherTypeMatchers(DispatcherType.ERROR).permitAll();
        for (AccessRules.Rule rule : AccessRules.agentCalls()) {
            var matcher = r.requestMatchers(PATHS.matcher(rule.method(), rule.path()));
            if (rule.role().equals(Role.ENROLLMENT)) {
                matcher.hasAnyRole(Role.ENROLLMENT, Role.AGENT);
            } else {
                matcher.access((authentication, context) -> new AuthorizationDecision(AgentIdentity
                        .agentName(authentication.get()).filter(name -> name.equals(context.getVariables()
                                .get("name"))).isPresent()));
            }
        }
        r.anyRequest().denyAll();
    }

    /** Every listed endpoint its role; what is not listed: reads need a viewer, the rest an admin. */
    static void api(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry r) {
        // An async dispatch only ends a request authorized when it began: an event stream that closed because its
        // credential was taken back would otherwise be denied again on its way out, on a response already sent.
        r.dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.ASYNC).permitAll();
        for (AccessRules.Rule rule : AccessRules.userCalls()) {
            r.requestMatchers(PATHS.matcher(rule.method(), rule.path())).hasRole(rule.role());
        }
        r.requestMatchers(PATHS.matcher(HttpMethod.GET, "/api/**")).hasRole(Role.VIEWER.name())
                .anyRequest().hasRole(Role.ADMIN.name());
    }

    static void pages(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry r) {
        r.dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.FORWARD).permitAll()
                .requestMatchers(OPEN).permitAll();
        for (AccessRules.Rule rule : AccessRules.pages()) {
            r.requestMatchers(rule.method() == null ? PATHS.matcher(rule.path())
                    : PATHS.matcher(rule.method(), rule.path())).hasRole(rule.role());
        }
        r.anyRequest().hasRole(Role.VIEWER.name());
    }

    /** With burstline.security.public-read, anonymous visitors are viewers. */
    static void anonymous(HttpSecurity http, SecuritySettings settings) throws Exception {
        if (settings.publicRead()) {
            http.anonymous(anonymous -> anonymous.authorities("ROLE_ANONYMOUS", Role.VIEWER.authority()));
        }
    }

    /**
     * API writes signed in only by the dashboard's session cookie need the CSRF token; calls with a bearer token and
     * calls with no session at all (which then get 401) do not.
     */
    static boolean sessionWrite(HttpServletRequest request) {
        return !SAFE.contains(request.getMethod()) && request.getHeader(HttpHeaders.AUTHORIZATION) == null
                && request.getSession(false) != null;
    }

    /** Calls made by programs rather than a browser get 401 problem details instead of the sign-in page. */
    static boolean machineRequest(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return request.getHeader(HttpHeaders.AUTHORIZATION) != null || path.startsWith("/v3/api-docs")
                || path.startsWith("/actuator/");
    }
}
