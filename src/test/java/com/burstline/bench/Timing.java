package com.burstline.bench;

import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;

/**
 * Wall-clock and CPU time of one phase. The CPU time is this whole process's (server and clients alike): on a machine
 * whose cores other work also uses, CPU per result says what a phase costs when wall time says how busy the machine
 * was. {@code threads} splits it: the server's request threads and the JVM's own; the rest is the clients'.
 */
record Timing(long wallNanos, long cpuNanos, ThreadCpu threads) {
    /** @param phase returns its own wall-clock nanoseconds, so that set-up before its clock starts is left out */
    static Timing of(Callable<Long> phase) throws Exception {
        ThreadCpu.Snapshot threadsBefore = ThreadCpu.now();
        long cpuBefore = processCpuNanos();
        long wall = phase.call();
        long cpu = processCpuNanos() - cpuBefore;
        return new Timing(wall, cpu, ThreadCpu.now().since(threadsBefore));
    }

    Timing plus(Timing other) {
        return new Timing(wallNanos + other.wallNanos, cpuNanos + other.cpuNanos, threads.plus(other.threads));
    }

    /** What neither the server's threads nor the JVM's used: the clients, and threads that ended during the phase. */
    long restNanos() {
        return Math.max(0, cpuNanos - threads.serverNanos() - threads.jvmNanos());
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
