package com.burstline.server.fleet;

/** An agent's own secret used to register under another agent's name. */
public class NotThisAgentException extends RuntimeException {
    NotThisAgentException(String speaking, String named) {
        super("This is the secret of agent '" + speaking + "': it cannot register as '" + named + "'. An agent speaks "
                + "only for itself.");
    }
}
