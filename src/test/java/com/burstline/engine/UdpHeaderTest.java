package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;

class UdpHeaderTest {
    @Test
    void writesSecondsMicrosecondsAndA32BitCounterBigEndian() {
        ByteBuffer datagram = ByteBuffer.allocate(16);
        UdpHeader.write(datagram, 3_000_250L, 0x01020304L, false);
        assertThat(datagram.array()).startsWith(0, 0, 0, 3, 0, 0, 0, (byte) 250, 1, 2, 3, 4);
        assertThat(UdpHeader.sentMicros(datagram)).isEqualTo(3_000_250L);
        assertThat(UdpHeader.sequence(datagram, false)).isEqualTo(0x01020304L);
        assertThat(datagram.position()).isZero();
    }

    @Test
    void writesA64BitCounterWhenAskedFor() {
        ByteBuffer datagram = ByteBuffer.allocate(16);
        UdpHeader.write(datagram, 0, 0x0000000500000001L, true);
        assertThat(datagram.array()).startsWith(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1);
        assertThat(UdpHeader.sequence(datagram, true)).isEqualTo(0x0000000500000001L);
        assertThat(UdpHeader.size(true)).isEqualTo(16);
        assertThat(UdpHeader.size(false)).isEqualTo(12);
    }

    @Test
    void readsTheCountersAsUnsigned() {
        ByteBuffer datagram = ByteBuffer.allocate(12).putInt(0, 0xFFFFFFFF).putInt(4, 999_999).putInt(8, 0xFFFFFFFE);
        assertThat(UdpHeader.sequence(datagram, false)).isEqualTo(0xFFFFFFFEL);
        assertThat(UdpHeader.sentMicros(datagram)).isEqualTo(0xFFFFFFFFL * 1_000_000 + 999_999);
    }

    @Test
    void theConnectMessagesHaveTheLittleEndianHostBytesOfIperf3() {
        assertThat(Wire.UDP_CONNECT_MSG).containsExactly('9', '8', '7', '6');
        assertThat(Wire.UDP_CONNECT_REPLY).containsExactly('6', '7', '8', '9');
        assertThat(Wire.isConnectReply(new byte[] {0x36, 0x37, 0x38, 0x39}, 4)).isTrue();
        assertThat(Wire.isConnectReply(new byte[] {(byte) 0xB1, 0x68, (byte) 0xDE, 0x3A}, 4)).isTrue();
        assertThat(Wire.isConnectReply(new byte[] {0x36, 0x37, 0x38, 0x39, 0}, 5)).isFalse();
    }

    @Test
    void aCookieIs36CharactersOfIperf3sAlphabetAndANul() {
        byte[] cookie = Wire.newCookie();
        assertThat(cookie).hasSize(37);
        assertThat(cookie[36]).isZero();
        assertThat(Wire.cookieText(cookie)).hasSize(36).matches("[a-z2-7]{36}");
    }
}
