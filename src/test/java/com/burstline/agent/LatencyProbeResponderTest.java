package com.burstline.agent;

import com.burstline.contract.LatencyProbeSpec;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.DatagramSocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A stopped responder's port is free when stop() returns: the next scenario's probe binds it at once. */
class LatencyProbeResponderTest {
    @Test
    void theNextProbeBindsThePortTheStoppedOneHeld() throws IOException {
        int port;
        try (DatagramSocket free = new DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        for (int round = 0; round < 50; round++) {
            LatencyProbeResponder answering = LatencyProbeResponder.start("127.0.0.1",
                    LatencyProbeSpec.standard(port, round));
            answering.stop();
        }
        LatencyProbeResponder last = LatencyProbeResponder.start("127.0.0.1", LatencyProbeSpec.standard(port, 99));
        assertThat(last.port()).isEqualTo(port);
        last.stop();
    }

    @Test
    void aPortAnotherSocketHoldsIsSaidToBeInUse() throws IOException {
        try (DatagramSocket other = new DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            int port = other.getLocalPort();

            assertThatThrownBy(() -> LatencyProbeResponder.start("127.0.0.1", LatencyProbeSpec.standard(port, 1)))
                    .isInstanceOf(PortInUseException.class).hasMessage("UDP port " + port
                            + " is in use on this host by another program or connection");
        }
    }
}
