package com.burstline.agent;

/**
 * A port the server chose for a server role is held by another socket of this host (another program's
 * {@code iperf3 -s}, or a connection that was given it): the agent answers so, and the server chooses another port.
 */
final class PortInUseException extends RuntimeException {
    PortInUseException(String protocol, int port) {
        super(protocol + " port " + port + " is in use on this host by another program or connection");
    }
}
