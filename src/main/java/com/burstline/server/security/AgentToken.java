package com.burstline.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The agent token: agents present it to the server, and the server presents it to agents. It is a different secret
 * from the API token, so that a compromised measurement host cannot start jobs or delete runs.
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

    /** The {@code Authorization} header value for the server's own calls to agents. */
    public String bearerHeader() {
        return "Bearer " + token;
    }
}
