package com.burstline.server.security;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a person or token may do. Each role includes the ones before it (see SecurityConfiguration's role hierarchy):
 * a viewer reads everything, an operator also uploads, edits and deletes runs and starts and cancels jobs, an admin
 * also manages users, tokens and agents.
 */
public enum Role {
    VIEWER, OPERATOR, ADMIN;

    /** The agents' own role: not part of the hierarchy, so an agent's secret never reads or writes the user API. */
    public static final String AGENT = "AGENT";
    /** Whoever holds the enrollment token (the agent token) or a join token: it may only enroll a new agent. */
    public static final String ENROLLMENT = "AGENT_ENROLLMENT";
    /** Whoever holds a join token that may still enroll, on the agent jar download. */
    public static final String AGENT_JAR = "AGENT_JAR";

    public String authority() {
        return "ROLE_" + name();
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean includes(Role other) {
        return compareTo(other) >= 0;
    }

    /** Parses "viewer", "operator" or "admin" (any case); the message lists what is allowed. */
    public static Role parse(String value) {
        for (Role role : values()) {
            if (role.name().equalsIgnoreCase(value == null ? "" : value.strip())) {
                return role;
            }
        }
        throw new InvalidAccessRequestException("role must be one of " + Arrays.stream(values()).map(Role::label)
                .collect(Collectors.joining(", ")) + (value == null ? "" : ", not '" + value + "'") + ".");
    }
}
