package com.burstline.contract;

/**
 * The {@code type} of the RFC 9457 problems an agent answers with: {@code urn:burstline:agent-problem:} and the
 * status, or a word where the server acts on the kind of problem rather than on its status alone.
 */
public final class AgentProblems {
    public static final String TYPE_PREFIX = "urn:burstline:agent-problem:";
    /**
     * 409 for a server role whose port another socket of the peer holds: the server then tries another port, where a
     * plain 409 (the agent is busy) is asked again on the same one.
     */
    public static final String PORT_IN_USE = "port-in-use";

    private AgentProblems() {
    }
}
