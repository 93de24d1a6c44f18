package com.burstline.server.security;

import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;

/** Who a bearer secret stands for, on the user API and dashboard (tokens) and on the agent calls. */
final class TokenAuthenticators {
    static final String BOOTSTRAP_NAME = "api-token";

    private TokenAuthenticators() {
    }

    /**
     * A secret must be an active token from the tokens table, the bootstrap token among them (an admin, named
     * {@value #BOOTSTRAP_NAME} in the audit), so that revoking any of them ends it and its sessions.
     */
    static BearerTokenFilter.Authenticator users(ApiTokens tokens) {
        return secret -> {
            ApiTokens.Check check = tokens.check(secret);
            if (!check.valid()) {
                throw new BadCredentialsException(switch (check.problem()) {
                    case "revoked" -> "This token was revoked.";
                    case "expired" -> "This token expired at " + check.token().expiresAt() + ".";
                    default -> "The token is not valid for this call.";
                });
            }
            return authenticated(check.token().bootstrap() ? BOOTSTRAP_NAME : "token:" + check.token().name(),
                    Role.parse(check.token().role()).authority(), SessionGrant.token(check.token().id()));
        };
    }

    /** The agent jar: any user token, or a join token that may still enroll (the host about to enroll fetches it). */
    static BearerTokenFilter.Authenticator agentJar(BearerTokenFilter.Authenticator users, JoinTokens joinTokens) {
        return secret -> JoinTokens.looksLikeJoinToken(secret)
                ? UsernamePasswordAuthenticationToken.authenticated(joinTokens.check(secret), null,
                AuthorityUtils.createAuthorityList(AgentIdentity.JAR_AUTHORITY))
                : users.authenticate(secret);
    }

    static Authentication authenticated(String name, String authority) {
        return UsernamePasswordAuthenticationToken.authenticated(name, null,
                AuthorityUtils.createAuthorityList(authority));
    }

    /** A user token's authentication says which token it was, for a session opened with it (SessionCheckFilter). */
    private static Authentication authenticated(String name, String authority, SessionGrant grant) {
        var authentication = UsernamePasswordAuthenticationToken.authenticated(name, null,
                AuthorityUtils.createAuthorityList(authority));
        authentication.setDetails(grant);
        return authentication;
    }
}
