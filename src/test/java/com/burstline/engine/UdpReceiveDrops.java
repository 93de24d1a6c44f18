package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The host's count of UDP datagrams its kernel dropped because a receiving socket's buffer was full ({@code Udp:
 * RcvbufErrors} in /proc/net/snmp). A stock iperf3 receiver descheduled for a few milliseconds on a loaded 2-core
 * host overflows its buffer even at 20 Mbit/s; those drops are the receiving host's, counted by its kernel, not a
 * datagram the sender failed to send.
 */
final class UdpReceiveDrops {
    private UdpReceiveDrops() {
    }

    static long now() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/net/snmp"));
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).startsWith("Udp: ") && lines.get(i + 1).startsWith("Udp: ")) {
                    List<String> names = List.of(lines.get(i).trim().split("\\s+"));
                    String[] values = lines.get(i + 1).trim().split("\\s+");
                    return Long.parseLong(values[names.indexOf("RcvbufErrors")]);
                }
            }
            throw new IllegalStateException("no Udp lines in /proc/net/snmp");
        } catch (IOException | RuntimeException unreadable) {
            throw new IllegalStateException("cannot read /proc/net/snmp", unreadable);
        }
    }
}
