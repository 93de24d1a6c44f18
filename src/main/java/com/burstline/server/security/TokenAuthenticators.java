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
                return authenticated(BOOTSTRAP_NAME, Role.ADMIN.authority());
            }
            ApiTokens.Check check = tokens.check(secret);
            if (!check.valid()) {
                throw new BadCredentialsException(switch (check.problem()) {
                    case "revoked" -> "This token was revoked.";
                    case "expired" -> "This token expired at " + check.token().expiresAt() + ".";
                    default -> "The token is not valid for this call.";
                });
            }
            return authenticated("token:" + check.token().name(), Role.parse(check.token().role()).authority());
        };
    }

    static BearerTokenFilter.Authenticator agents(AgentToken agentToken) {
        return secret -> {
            if (!agentToken.matches(secret)) {
                throw new BadCredentialsException("The agent token is not valid for this call.");
            }
            return authenticated("agent-client", "ROLE_" + Role.AGENT);
        };
    }

    static Authentication authenticated(String name, String authority) {
        return UsernamePasswordAuthenticationToken.authenticated(name, null,
                AuthorityUtils.createAuthorityList(authority));
    }
}
