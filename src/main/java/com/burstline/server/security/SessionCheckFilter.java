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
    private final UserAccounts users;
    private final ApiTokens tokens;

    SessionCheckFilter(UserAccounts users, ApiTokens tokens) {
        this.users = users;
        this.tokens = tokens;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        if (session != null && request.getHeader(HttpHeaders.AUTHORIZATION) == null) {
            Authentication signedIn = SecurityContextHolder.getContext().getAuthentication();
            if (signedIn != null && !(signedIn instanceof AnonymousAuthenticationToken) && !stillGranted(signedIn)) {
                session.invalidate();
                SecurityContextHolder.clearContext();
            }
        }
        chain.doFilter(request, response);
    }

    /** A session without a grant was not opened by this server's sign-in, and ends too. */
    private boolean stillGranted(Authentication signedIn) {
        if (!(signedIn.getDetails() instanceof SessionGrant grant)) {
            return false;
        }
        if (grant.tokenId() != null) {
            return tokens.active(grant.tokenId());
        }
        if (grant.userStamp() != null) {
            return users.stamp(signedIn.getName()).filter(grant.userStamp()::equals).isPresent();
        }
        return false;
    }
}
