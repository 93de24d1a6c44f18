package com.burstline.engine;

/**
 * One data stream's running figures. Its data thread is the only writer, so plain volatile adds are exact; the
 * reporter reads them from its own thread.
 */
final class StreamCounters {
    private volatile long bytes;
    private volatile long packets;
    private volatile long blocks;
    final UdpAccounting udp = new UdpAccounting();

    void add(long count) {
        bytes += count;
        blocks++;
    }

    void addPacket(long count) {
        bytes += count;
        packets++;
        blocks++;
    }

    long bytes() {
        return bytes;
    }

    long blocks() {
        return blocks;
    }

    /** Sender: datagrams sent. Receiver: the highest packet number seen, as iperf3 counts it. */
    long packets(boolean sending) {
        return sending ? packets : udp.packets();
    }

    Snapshot snapshot(boolean sending) {
        return new Snapshot(bytes, packets(sending), sending ? 0 : udp.lost(), sending ? 0 : udp.outOfOrder(),
                sending ? 0 : udp.jitterSeconds());
    }

    /** The figures at one moment; differences of two make an interval. */
    record Snapshot(long bytes, long packets, long lost, long outOfOrder, double jitterSeconds) {
        static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0);

        Snapshot minus(Snapshot earlier) {
            return new Snapshot(bytes - earlier.bytes, packets - earlier.packets, lost - earlier.lost,
                    outOfOrder - earlier.outOfOrder, jitterSeconds);
        }
    }
}
