package com.burstline.server.security;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.header.writers.DelegatingRequestMatcherHeaderWriter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.header.writers.StaticHeadersWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The response headers every page and API answer carries. The CSP allows only the app's own scripts and styles
 * (no inline script or style, no other origin), and no framing; images may be data: URLs (Chart.js exports,
 * Swagger UI's icons, the blank favicon).
 */
final class SecurityHeaders {
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
            + "frame-ancestors 'none'";

    /**
     * Swagger UI (a third-party page) sets inline styles; it alone may, and its scripts are still only its own
     * files. Everything Burstline renders keeps the strict policy.
     */
    static final String SWAGGER_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
    private static final String HEADER = "Content-Security-Policy";

    private SecurityHeaders() {
    }

    static void apply(HttpSecurity http) throws Exception {
        RequestMatcher swagger = PathPatternRequestMatcher.withDefaults().matcher("/swagger-ui/**");
        http.headers(headers -> headers
                .addHeaderWriter(new DelegatingRequestMatcherHeaderWriter(swagger,
                        new StaticHeadersWriter(HEADER, SWAGGER_CSP)))
                .addHeaderWriter(new DelegatingRequestMatcherHeaderWriter(new NegatedRequestMatcher(swagger),
                        new StaticHeadersWriter(HEADER, CSP)))
                .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN))
                .frameOptions(frames -> frames.deny()));
    }
}
