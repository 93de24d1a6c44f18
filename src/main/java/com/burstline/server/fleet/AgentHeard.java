package com.burstline.server.fleet;

/** A heartbeat from an agent that holds this server's key, so the server can sign calls it obeys. */
public record AgentHeard(String agentName) {
}
