package com.burstline.agent;

/** The agent is already running a throughput test; answered with 409. */
class AgentBusyException extends RuntimeException {
    AgentBusyException(String agentName, String activity) {
        super("agent " + agentName + " is busy with " + activity);
    }
}
