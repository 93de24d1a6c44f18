package com.burstline.bench;

import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;

/**
 * Wall-clock and CPU time of one phase. The CPU time is this whole process's (server and clients alike): on a machine
 * whose cores other work also uses, CPU per result says what a phase costs when wall time says how busy the machine
 * was.
 */
record Timing(long wallNanos, long cpuNanos) {
    /** @param phase returns its own wall-clock nanoseconds, so that set-up before its clock starts is left out */
    static Timing of(Callable<Long> phase) throws Exception {
        long cpuBefore = processCpuNanos();
        long wall = phase.call();
        return new Timing(wall, processCpuNanos() - cpuBefore);
    }

    Timing plus(Timing other) {
        return new Timing(wallNanos + other.wallNanos, cpuNanos + other.cpuNanos);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
