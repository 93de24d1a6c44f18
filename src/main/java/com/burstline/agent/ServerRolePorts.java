package com.burstline.agent;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Whether the port a server role is about to listen on is free on the agent's test address, over TCP and UDP, checked
 * by binding it a moment before iperf3 or the engine is started: a port held by another program is then refused in
 * words, without a process started for nothing. Both tools set {@code SO_REUSEADDR}, and so does this check, so a port
 * whose last connection lingers in {@code TIME_WAIT} counts as free, as it is for them.
 */
final class ServerRolePorts {
    private ServerRolePorts() {
    }

    /**
     * @param address the test address the server role binds; null for every address of the host
     * @throws PortInUseException when another socket holds the port
     */
    static void ensureFree(String address, int port) {
        InetSocketAddress at = address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port);
        try (ServerSocket tcp = new ServerSocket()) {
            tcp.setReuseAddress(true);
            tcp.bind(at);
        } catch (BindException taken) {
            throw new PortInUseException("TCP", port);
        } catch (IOException other) {
            return; // not a question of the port: the tool itself says what is wrong
        }
        try (DatagramSocket udp = new DatagramSocket(null)) {
            udp.setReuseAddress(true);
            udp.bind(at);
        } catch (BindException taken) {
            throw new PortInUseException("UDP", port);
        } catch (IOException other) {
            // as above
        }
    }
}
