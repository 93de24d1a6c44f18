package com.burstline.server.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;

import java.util.function.BooleanSupplier;

/**
 * Whether what a request was let in with still holds: its API token neither revoked nor expired (nor its user gone),
 * its user still with the role and password they signed in with, its session not ended. Each request checks this as
 * it arrives (SessionCheckFilter); a request that stays open, an event stream, asks again before it sends more.
 */
@Service
public class CredentialWatch {
    private final UserAccounts users;
    private final ApiTokens tokens;

    CredentialWatch(UserAccounts users, ApiTokens tokens) {
        this.users = users;
        this.tokens = tokens;
    }

    /**
     * The question to ask later about the request being served now: true while its credential and session hold.
     * An anonymous reader (burstline.security.public-read) holds nothing that can be taken back.
     */
    public BooleanSupplier stillHeld(HttpServletRequest request) {
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        if (caller == null || caller instanceof AnonymousAuthenticationToken) {
            return () -> true;
        }
        HttpSession session = request.getHeader(HttpHeaders.AUTHORIZATION) == null ? request.getSession(false) : null;
        return () -> sessionAlive(session) && granted(caller);
    }

    /** A credential without a grant was not issued by this server's sign-in or token check, and holds nothing. */
    boolean granted(Authentication signedIn) {
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

    /** Signing out or an expired session invalidates it; the container then refuses to read it. */
    private static boolean sessionAlive(HttpSession session) {
        if (session == null) {
            return true;
        }
        try {
            session.getAttribute("burstline-alive-check");
            return true;
        } catch (IllegalStateException invalidated) {
            return false;
        }
    }
}
