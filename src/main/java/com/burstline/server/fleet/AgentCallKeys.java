package com.burstline.server.fleet;

import java.util.Optional;

/**
 * What the server needs to sign its calls to an agent: which server key the agent says it holds, and the key of the
 * agent's secret (its SHA-256, which is what the server keeps of it), which signs only the one delivery of the
 * server's key to an agent that holds none ({@code LegacyCallSignature}).
 */
public interface AgentCallKeys {

    /**
     * @param secretKey    SHA-256 of the agent's secret in hex; null for an agent that never enrolled with one
     * @param heldServerKey the fingerprint of the server key the agent last said it holds; null for none
     */
    record CallKeys(String secretKey, String heldServerKey) {
    }

    /** Empty when there is no such agent. */
    Optional<CallKeys> callKeys(String agentName);

    /** The agent took the server's key (it answered the delivery with this fingerprint). */
    void heldServerKey(String agentName, String fingerprint);
}
