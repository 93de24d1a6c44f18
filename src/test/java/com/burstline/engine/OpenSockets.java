package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Counts this JVM's sockets, for tests that check the engine leaves none behind, and tells when a server listens
 * (Linux's /proc).
 */
final class OpenSockets {
    private OpenSockets() {
    }

    /**
     * This JVM's open TCP and UDP sockets: the file descriptors that link to {@code socket:[inode]} with an inode the
     * kernel lists in its TCP or UDP tables. Unix-domain sockets are left out: the JVM opens one of its own during the
     * first test here (run alone, the class saw it appear in whichever test came first) and keeps it; the engine has
     * none.
     */
    static long count() throws IOException {
        Set<String> inet = new HashSet<>();
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            List<String> lines = Files.readAllLines(Path.of("/proc/net/" + table));
            for (String line : lines.subList(1, lines.size())) {
                inet.add(line.strip().split("\\s+")[9]);
            }
        }
        try (var files = Files.list(Path.of("/proc/self/fd"))) {
            return files.filter(fd -> {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    return link.startsWith("socket:[") && inet.contains(link.substring(8, link.length() - 1));
                } catch (IOException gone) {
                    return false;
                }
            }).count();
        }
    }

    /** Whether a TCP socket of this host listens on {@code port} (state 0A in the kernel's tables). */
    static boolean listening(int port) throws IOException {
        String local = String.format(":%04X", port);
        for (String table : List.of("tcp", "tcp6")) {
            List<String> lines = Files.readAllLines(Path.of("/proc/net/" + table));
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.strip().split("\\s+");
                if (fields[1].endsWith(local) && fields[3].equals("0A")) {
                    return true;
                }
            }
        }
        return false;
    }
}
