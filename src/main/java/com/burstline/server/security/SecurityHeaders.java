package com.burstline.server.security;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The response headers every page and API answer carries. The CSP allows only the app's own scripts and styles
 * (no inline script or style, no other origin), and no framing; images may be data: URLs (Chart.js exports,
 * Swagger UI's icons, the blank favicon).
 */
final class SecurityHeaders {
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
            + "frame-ancestors 'none'";

    private SecurityHeaders() {
    }

    static void apply(HttpSecurity http) throws Exception {
        http.headers(headers -> headers
                .contentSecurityPolicy(csp -> csp.policyDirectives(CSP))
                .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN))
                .frameOptions(frames -> frames.deny()));
    }
}
