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

    /** The bootstrap token is an admin; any other secret must be an active token from the tokens table. */
    static BearerTokenFilter.Authenticator users(ApiToken bootstrap, ApiTokens tokens) {
        return secret -> {
            if (bootstrap.matches(secret)) {
                return authenticated(BOOTSTRAP_NAME, Role.ADMIN.authority(), SessionGrant.bootstrap());
            }
            ApiTokens.Check check = tokens.check(secret);
            if (!check.valid()) {
                throw new BadCredentialsException(switch (check.problem()) {
                    case "revoked" -> "This token was revoked.";
                    case "expired" -> "This token expired at " + check.token().expiresAt() + ".";
                    default -> "The token is not valid for this call.";
                });
            }
            return authenticated("token:" + check.token().name(), Role.parse(check.token().role()).authority(),
                    SessionGrant.token(check.token().id()));
        };
    }

    /** The enrollment token may only enroll; an enrolled agent's own secret speaks as that agent. */
    static BearerTokenFilter.Authenticator agents(AgentToken enrollmentToken, AgentSecrets agents) {
        return secret -> {
            if (enrollmentToken.matches(secret)) {
                return authenticated(AgentIdentity.ENROLLMENT_PRINCIPAL, AgentIdentity.ENROLLMENT_AUTHORITY);
            }
            return agents.agentWithSecretHash(TokenSecrets.sha256(secret))
                    .map(name -> authenticated(name, AgentIdentity.AGENT_AUTHORITY))
                    .orElseThrow(() -> new BadCredentialsException("Neither the enrollment token (the agent token) "
                            + "nor the secret of an enrolled agent: an agent enrolls with the agent token and then "
                            + "uses the secret the server answered."));
        };
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
