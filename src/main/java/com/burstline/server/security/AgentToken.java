package com.burstline.server.security;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The shared enrollment token (the agent token), for automation such as scripts/start.sh; off unless configured,
 * since join tokens (one host, once) are the usual way in. An agent presents it to the server to enroll, and that is
 * all it opens. The server never sends it to agents (its calls are signed with each agent's own key), so a host that keeps
 * a copy cannot drive other agents with it; and it differs from the API token, so such a host cannot start jobs or
 * delete runs.
 */
public final class AgentToken {
    private static final Logger log = LoggerFactory.getLogger(AgentToken.class);
    private static final String PROPERTY = "burstline.agent-token";

    /** Null when there is no shared enrollment token: then nothing matches. */
    private final String token;

    AgentToken(String token, String property) {
        this.token = ApiToken.checked(token, property);
    }

    private AgentToken() {
        this.token = null;
    }

    static AgentToken of(Optional<String> token, Path file) {
        if (token.isEmpty()) {
            log.info("No shared enrollment token ({} unset, no {}): agents enroll with join tokens from the Agents "
                    + "page", PROPERTY, file);
            return new AgentToken();
        }
        log.info("The shared enrollment token is on ({} or {}); it only enrolls. Unset it and delete the file to "
                + "turn it off", PROPERTY, file);
        return new AgentToken(token.get(), PROPERTY);
    }

    boolean matches(String candidate) {
        return token != null && candidate != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                candidate.getBytes(StandardCharsets.UTF_8));
    }
}
