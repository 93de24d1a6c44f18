package com.burstline.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether a TCP port has a listening socket, from Linux's {@code /proc/net/tcp} and {@code tcp6} (of the agent's own
 * network namespace). An iperf3 server with {@code -J} prints nothing until its test ends, so "Server listening" is
 * not there to wait for; the kernel's table is, without connecting (which would use up {@code -s -1}'s one test).
 */
final class ListeningPorts {
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final String LISTEN = "0A";

    private ListeningPorts() {
    }

    static boolean available() {
        return TABLES.stream().anyMatch(Files::isReadable);
    }

    static boolean listening(int port) {
        String suffix = ":" + String.format(Locale.ROOT, "%04X", port);
        for (Path table : TABLES) {
            try {
                for (String line : Files.readAllLines(table)) {
                    String[] fields = line.strip().split("\\s+");
                    if (fields.length > 3 && fields[1].endsWith(suffix) && LISTEN.equals(fields[3])) {
                        return true;
                    }
                }
            } catch (IOException noTable) {
                // no IPv6 (or no procfs): the other table decides
            }
        }
        return false;
    }
}
