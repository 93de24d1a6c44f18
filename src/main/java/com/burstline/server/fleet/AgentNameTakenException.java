package com.burstline.server.fleet;

/** An enrollment under a name another agent enrolled with: the name is that agent's until an admin removes it. */
public class AgentNameTakenException extends RuntimeException {
    AgentNameTakenException(String name) {
        super("An agent named '" + name + "' is already enrolled: only that agent (with its own secret) may register "
                + "under this name. If it is gone for good, an admin removes it (DELETE /api/v1/agents/" + name
                + ", or Remove on the Agents page), then this agent can enroll.");
    }
}
