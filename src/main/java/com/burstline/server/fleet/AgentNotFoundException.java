package com.burstline.server.fleet;

/** No agent registered under this name. A heartbeat gets 404, and the agent registers again. */
public class AgentNotFoundException extends RuntimeException {
    AgentNotFoundException(String name) {
        super("No agent named '" + name + "' is registered; register it with POST /api/v1/agents.");
    }
}
