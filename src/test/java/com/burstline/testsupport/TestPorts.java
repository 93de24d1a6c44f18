package com.burstline.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.IntStream;

/** Ports for the listeners tests start. */
public final class TestPorts {
    /** A server's iperf3 ports as its tests set them: the pool's default 10 and the latency probe's 10 beside them. */
    public static final int IPERF3_POOL = 20;
    private static final Random RANDOM = new Random();

    private TestPorts() {
    }

    /** A port free now, for a listener the test starts at once. */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The first of {@link #IPERF3_POOL} ports in a row, free now over TCP and UDP, below the kernel's ephemeral range
     * (for {@code --burstline.jobs.iperf3-port}): no connection is given a port there, so none of the many a test
     * opens can take one the peer's iperf3 server is about to listen on, as one did from the ephemeral range.
     */
    public static int iperf3Pool() {
        return iperf3Pools(1);
    }

    /** As {@link #iperf3Pool}, for {@code servers} servers: the k-th's pool starts k * {@link #IPERF3_POOL} later. */
    public static int iperf3Pools(int servers) {
        int count = servers * IPERF3_POOL;
        int ephemeral = ephemeralStart();
        for (int tries = 0; tries < 100; tries++) {
            int first = 20_000 + RANDOM.nextInt(Math.max(1, ephemeral - 20_000 - count));
            if (IntStream.range(first, first + count).allMatch(TestPorts::freeOverTcpAndUdp)) {
                return first;
            }
        }
        throw new IllegalStateException("no " + count + " free ports in a row below " + ephemeral);
    }

    /** Not {@code Files.readString}: procfs says its files are empty, and that read "3" of "32768 60999". */
    private static int ephemeralStart() {
        try {
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0)
                    .strip().split("\\s+")[0]);
        } catch (IOException | RuntimeException notLinux) {
            return 32_768;
        }
    }

    private static boolean freeOverTcpAndUdp(int port) {
        try (ServerSocket tcp = new ServerSocket(port);
             DatagramSocket udp = new DatagramSocket(port)) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
