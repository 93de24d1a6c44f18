package com.burstline.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The agent token, which is the enrollment token: an agent presents it to the server to enroll, and that is all it
 * opens. The server never sends it to agents (its calls are signed with each agent's own key), so a host that keeps
 * a copy cannot drive other agents with it; and it differs from the API token, so such a host cannot start jobs or
 * delete runs.
 */
public final class AgentToken {
    private final String token;

    AgentToken(String token, String property) {
        this.token = ApiToken.checked(token, property);
    }

    boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                candidate.getBytes(StandardCharsets.UTF_8));
    }
}
