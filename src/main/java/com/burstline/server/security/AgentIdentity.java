package com.burstline.server.security;

import org.springframework.security.core.Authentication;

import java.util.Optional;

/**
 * Who is speaking on an agent call: an enrolled agent by its own secret, or whoever holds the enrollment token or a
 * join token.
 */
public final class AgentIdentity {
    static final String ENROLLMENT_PRINCIPAL = "enrollment-token";
    static final String AGENT_AUTHORITY = "ROLE_" + Role.AGENT;
    static final String ENROLLMENT_AUTHORITY = "ROLE_" + Role.ENROLLMENT;
    static final String JAR_AUTHORITY = "ROLE_" + Role.AGENT_JAR;

    private AgentIdentity() {
    }

    /** The agent's name when its own secret authenticated the call; empty for the enrollment token. */
    public static Optional<String> agentName(Authentication authentication) {
        if (authentication == null || authentication.getAuthorities().stream()
                .noneMatch(authority -> AGENT_AUTHORITY.equals(authority.getAuthority()))) {
            return Optional.empty();
        }
        return Optional.of(authentication.getName());
    }

    /** The join token the call enrolls with; empty for the shared enrollment token and for agents' own secrets. */
    public static Optional<JoinTokens.Holder> joinToken(Authentication authentication) {
        return authentication != null && authentication.getPrincipal() instanceof JoinTokens.Holder holder
                ? Optional.of(holder) : Optional.empty();
    }
}
