package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The most a Linux TCP stream's two socket buffers can hold between the sender's count and the receiver's. */
final class KernelBuffers {
    private KernelBuffers() {
    }

    static long tcpMaxBytes() {
        return lastOf("/proc/sys/net/ipv4/tcp_rmem") + lastOf("/proc/sys/net/ipv4/tcp_wmem");
    }

    /** tcp_rmem and tcp_wmem are "min default max". */
    private static long lastOf(String file) {
        try {
            // Not Files.readString: on a sysctl file it gets only the first byte ("4" of "4096 131072 ...").
            String[] values = String.join(" ", Files.readAllLines(Path.of(file))).trim().split("\\s+");
            return Long.parseLong(values[values.length - 1]);
        } catch (IOException | RuntimeException unreadable) {
            throw new IllegalStateException("cannot read " + file, unreadable);
        }
    }
}
