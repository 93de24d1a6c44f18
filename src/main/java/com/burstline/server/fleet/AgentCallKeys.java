package com.burstline.server.fleet;

import java.util.Optional;

/**
 * The key the server signs its calls to an agent with ({@code AgentCallSignature}): the SHA-256 of the agent's own
 * secret, which is what the server keeps of it. Empty for an agent that never enrolled with a secret of its own.
 */
public interface AgentCallKeys {
    Optional<String> callKey(String agentName);
}
