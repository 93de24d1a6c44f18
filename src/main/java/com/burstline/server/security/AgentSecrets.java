package com.burstline.server.security;

import java.util.Optional;

/**
 * Which enrolled agent a secret belongs to, looked up by the secret's SHA-256 (the agents feature keeps only that).
 * Declared here and implemented by the agents feature, so that security does not depend on it.
 */
public interface AgentSecrets {
    Optional<String> agentWithSecretHash(String sha256);
}
