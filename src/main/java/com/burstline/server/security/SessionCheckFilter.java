package com.burstline.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Ends a signed-in session as soon as what it was opened with is taken away: its API token revoked or expired, its
 * user deleted or given another role or password. The request then goes on signed out, so the API answers 401 and a
 * page sends the browser to the sign-in page. A request with a bearer token is left alone: its token is checked by
 * itself, on every request.
 */
class SessionCheckFilter extends OncePerRequestFilter {
    private final CredentialWatch credentials;

    SessionCheckFilter(CredentialWatch credentials) {
        this.credentials = credentials;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        if (session != null && request.getHeader(HttpHeaders.AUTHORIZATION) == null) {
            Authentication signedIn = SecurityContextHolder.getContext().getAuthentication();
            if (signedIn != null && !(signedIn instanceof AnonymousAuthenticationToken)
                    && !credentials.granted(signedIn)) {
                session.invalidate();
                SecurityContextHolder.clearContext();
            }
        }
        chain.doFilter(request, response);
    }
}
