package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.UnsupportedAddressTypeException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The warm-ups before a UDP test stay in this process, and the UDP sockets take the peer's family. */
class UdpWarmupTest {
    private static final TestParams UNLIMITED_UDP =
            new TestParams(true, 0, 1, 0, 0, 1, false, false, 0, 1460, 0, false, false);

    @Test
    void theWarmupSendsNothingToThePeerAndLeavesNoThreadBehind() throws Exception {
        try (DatagramChannel peer = DatagramChannel.open()) {
            peer.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            peer.configureBlocking(false);

            assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                    UdpWarmup.sender(UNLIMITED_UDP, (InetSocketAddress) peer.getLocalAddress(), true));

            assertThat(peer.receive(ByteBuffer.allocate(2048))).isNull();
            assertThat(Thread.getAllStackTraces().keySet()).noneMatch(
                    t -> t.getName().equals("engine-warmup") && t.isAlive());
        }
    }

    @Test
    void theReceivingWarmupsOfClientAndServerLeaveNoThreadOrSocketBehind() throws Exception {
        InetSocketAddress peer = new InetSocketAddress("127.0.0.1", 9); // never contacted
        TestParams both = new TestParams(true, 0, 1, 0, 0, 1, false, true, 0, 1460, 0, false, false);
        UdpWarmup.run(both, peer, true); // once, so that what the JVM keeps for good is not counted below
        long sockets = OpenSockets.count();

        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            UdpWarmup.run(both, peer, true);
            UdpWarmup.run(both, peer, false);
        });

        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(
                t -> t.getName().startsWith("engine-") && t.isAlive());
        assertThat(OpenSockets.count()).isEqualTo(sockets);
    }

    @Test
    void anIpv4PeerGetsAnIpv4SocketRatherThanTheDualStackDefault() throws Exception {
        try (DatagramChannel channel = ClientStreams.openUdp(new InetSocketAddress("127.0.0.1", 5201))) {
            assertThatThrownBy(() -> channel.bind(new InetSocketAddress(InetAddress.getByName("::1"), 0)))
                    .isInstanceOf(UnsupportedAddressTypeException.class);
        }
    }
}
