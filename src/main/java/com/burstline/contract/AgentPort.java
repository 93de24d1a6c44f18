package com.burstline.contract;

/**
 * The port an agent's API listens on unless told otherwise ({@code --listen}): the agent's default, and what the
 * server's install commands open in the host's firewall and tell admins to open between server and agents.
 */
public final class AgentPort {
    public static final int DEFAULT = 7701;

    private AgentPort() {
    }
}
