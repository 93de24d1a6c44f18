package com.burstline.server.job.dispatch;

/** A call to an agent failed; the message says why in words and becomes the scenario's error. */
class AgentCallException extends Exception {
    private final boolean busy;

    AgentCallException(String message, boolean busy) {
        super(message);
        this.busy = busy;
    }

    /** The agent answered 409: it is still busy with another test (e.g. the previous iperf3 server exiting). */
    boolean busy() {
        return busy;
    }

    /** No connection to the agent's API could be made, or it broke before an answer: the network's way is closed. */
    static final class Unreachable extends AgentCallException {
        Unreachable(String message) {
            super(message, false);
        }
    }

    /** The peer answered that another socket of its host holds the port of the server role: another port may do. */
    static final class PortInUse extends AgentCallException {
        PortInUse(String message) {
            super(message, false);
        }
    }
}
