package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A server role's port is refused in words when another socket of the host holds it, over TCP or UDP. */
class ServerRolePortsTest {
    @Test
    void aPortNobodyHoldsIsFree() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }

        assertThatCode(() -> ServerRolePorts.ensureFree("127.0.0.1", port)).doesNotThrowAnyException();
    }

    @Test
    void aListenerOnEveryAddressHoldsThePortOfTheTestAddress() throws IOException {
        try (ServerSocket daemon = new ServerSocket(0)) { // as `iperf3 -s` left running
            assertThatThrownBy(() -> ServerRolePorts.ensureFree("127.0.0.1", daemon.getLocalPort()))
                    .isInstanceOf(PortInUseException.class)
                    .hasMessage("TCP port " + daemon.getLocalPort()
                            + " is in use on this host by another program or connection");
        }
    }

    @Test
    void aConnectionGivenThePortHoldsIt() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket connection = new Socket()) {
            connection.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()));
            try (Socket accepted = listener.accept()) {
                assertThatThrownBy(() -> ServerRolePorts.ensureFree("127.0.0.1", connection.getLocalPort()))
                        .isInstanceOf(PortInUseException.class).hasMessageStartingWith("TCP port");
            }
        }
    }

    @Test
    void aUdpSocketHoldsThePortToo() throws IOException {
        try (DatagramSocket other = udpWhoseTcpPortIsFree()) {
            int port = other.getLocalPort();

            assertThatThrownBy(() -> ServerRolePorts.ensureFree("127.0.0.1", port))
                    .isInstanceOf(PortInUseException.class).hasMessageStartingWith("UDP port " + port);
        }
    }

    /** A UDP socket on a port whose TCP side nobody holds, so that only UDP can be found taken. */
    private static DatagramSocket udpWhoseTcpPortIsFree() throws IOException {
        for (int tries = 0; tries < 20; tries++) {
            DatagramSocket udp = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            try (ServerSocket tcp = new ServerSocket()) {
                tcp.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), udp.getLocalPort()));
                return udp;
            } catch (IOException tcpTaken) {
                udp.close();
            }
        }
        throw new AssertionError("no UDP port whose TCP port is free in 20 tries");
    }
}
