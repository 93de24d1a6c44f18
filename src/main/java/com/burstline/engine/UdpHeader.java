package com.burstline.engine;

import java.nio.ByteBuffer;

/**
 * The first bytes of every UDP datagram (reference §4.3): the sender's monotonic send time as seconds and
 * microseconds, then the packet number, 32 or 64 bits wide, all big-endian.
 */
final class UdpHeader {
    private UdpHeader() {
    }

    static int size(boolean counters64) {
        return counters64 ? 16 : 12;
    }

    /** Writes the header at the buffer's start without moving its position. */
    static void write(ByteBuffer datagram, long sentMicros, long sequence, boolean counters64) {
        long micros = sentMicros;
        datagram.putInt(0, (int) (micros / 1_000_000));
        datagram.putInt(4, (int) (micros % 1_000_000));
        if (counters64) {
            datagram.putLong(8, sequence);
        } else {
            datagram.putInt(8, (int) sequence);
        }
    }

    /** The send time in microseconds, from the unsigned 32-bit seconds and microseconds. */
    static long sentMicros(ByteBuffer datagram) {
        long seconds = Integer.toUnsignedLong(datagram.getInt(0));
        long micros = Integer.toUnsignedLong(datagram.getInt(4));
        return seconds * 1_000_000 + micros;
    }

    static long sequence(ByteBuffer datagram, boolean counters64) {
        return counters64 ? datagram.getLong(8) : Integer.toUnsignedLong(datagram.getInt(8));
    }
}
