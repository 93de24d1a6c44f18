package com.burstline.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Refuses sign-in attempts, and the sign-in page's password changes, from a locked-out address or to a locked-out
 * account before the password is even checked.
 */
class SignInLimitFilter extends OncePerRequestFilter {
    private final FailureLimiter limiter;

    SignInLimitFilter(FailureLimiter limiter) {
        this.limiter = limiter;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !("POST".equals(request.getMethod()) && ("/login".equals(request.getServletPath())
                || PasswordPageController.PATH.equals(request.getServletPath())));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!limiter.refuseIfLocked(request, response)
                && !limiter.refuseIfAccountLocked(request.getParameter("username"), request, response)) {
            chain.doFilter(request, response);
        }
    }
}
