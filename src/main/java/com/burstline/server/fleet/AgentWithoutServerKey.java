package com.burstline.server.fleet;

/**
 * An enrolled agent's heartbeat said it holds no key of this server's (it enrolled before protocol v2, or lost its
 * spool's key file): the server delivers its key to the agent's listener (job dispatch does, once it may).
 *
 * @param heldServerKey what the agent holds instead; null for none
 */
public record AgentWithoutServerKey(String agentName, String heldServerKey) {
}
