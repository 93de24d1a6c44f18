package com.burstline.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * What the people's and the agents' bearer filters ({@link BearerTokenFilter}, {@link AgentBearerFilter}) do alike:
 * a request without an Authorization header goes on as it is; one with it goes on signed in as whom its secret names,
 * or is answered here and goes no further. Each says whom a secret names and whom a failure counts against.
 */
abstract class BearerFilter extends OncePerRequestFilter {
    static final String PREFIX = "Bearer ";

    private final AuthenticationEntryPoint entryPoint;

    BearerFilter(AuthenticationEntryPoint entryPoint) {
        this.entryPoint = entryPoint;
    }

    /** Whom {@code header} names; null when the response already says why not (a lock-out, a refusal). */
    abstract Authentication authenticate(String header, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException;

    @Override
    protected final void doFilterInternal(HttpServletRequest request, HttpServletResponse response,
                                          FilterChain chain) throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            chain.doFilter(request, response);
            return;
        }
        Authentication authentication = authenticate(header, request, response);
        if (authentication == null) {
            return;
        }
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(authentication);
        SecurityContextHolder.setContext(context);
        chain.doFilter(request, response);
    }

    /** Answers a wrong secret (once its failure is counted): signed in as nobody, refused by the entry point. */
    final void refuse(HttpServletRequest request, HttpServletResponse response, AuthenticationException refused)
            throws IOException, ServletException {
        SecurityContextHolder.clearContext();
        entryPoint.commence(request, response, refused);
    }
}
