package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The process's CPU use over the test, as iperf3 reports it: user and system time divided by wall-clock time, in
 * percent. Linux's {@code /proc/self/stat} splits user from system; elsewhere the JDK gives the total only.
 */
final class Cpu {
    private static final Path STAT = Path.of("/proc/self/stat");
    /** USER_HZ is 100 on every Linux architecture the JDK runs on. */
    private static final double TICKS_PER_SECOND = 100.0;
    private final long wallStart = System.nanoTime();
    private final double[] start = times();

    record Usage(double total, double user, double system) {
    }

    Usage usage() {
        double wall = (System.nanoTime() - wallStart) / 1e9;
        double[] now = times();
        if (wall <= 0) {
            return new Usage(0, 0, 0);
        }
        double user = (now[0] - start[0]) / wall * 100;
        double system = (now[1] - start[1]) / wall * 100;
        return new Usage(user + system, user, system);
    }

    /** User and system CPU seconds of this process so far. */
    private static double[] times() {
        try {
            String stat = Files.readString(STAT);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new double[] {Long.parseLong(fields[11]) / TICKS_PER_SECOND,
                                 Long.parseLong(fields[12]) / TICKS_PER_SECOND};
        } catch (IOException | RuntimeException notLinux) {
            Duration total = ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
            return new double[] {total.toNanos() / 1e9, 0};
        }
    }
}
