package com.burstline.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of this process's threads by what they do, read from {@code /proc/self/task} (Linux): the server's request
 * threads (and the database's own, if it has any), the JIT compilers and the garbage collectors. The
 * benchmark's clients run in this process too, on threads that end with their phase, so their CPU is what is left of
 * the process's CPU once these are taken away ({@link Timing#restNanos()}): counted this way, no client work can hide
 * in the server's figure.
 */
record ThreadCpu(long serverNanos, long jitNanos, long gcNanos) {
    /** Linux's {@code USER_HZ}: /proc reports CPU time in these ticks on every architecture the JDK runs on. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    /** Per thread id, its name and CPU ticks so far. */
    record Snapshot(Map<String, Long> ticksByThread) {
        ThreadCpu since(Snapshot before) {
            long server = 0;
            long jit = 0;
            long gc = 0;
            for (var thread : ticksByThread.entrySet()) {
                long ticks = thread.getValue() - before.ticksByThread.getOrDefault(thread.getKey(), 0L);
                String name = thread.getKey().substring(thread.getKey().indexOf(' ') + 1);
                if (serverThread(name)) {
                    server += ticks;
                } else if (name.contains("CompilerThre")) {
                    jit += ticks;
                } else if (gcThread(name)) {
                    gc += ticks;
                }
            }
            return new ThreadCpu(server * NANOS_PER_TICK, jit * NANOS_PER_TICK, gc * NANOS_PER_TICK);
        }
    }

    static Snapshot now() throws IOException {
        Map<String, Long> ticks = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    // After the name: state is field 3; utime and stime are fields 14 and 15.
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks.put(task.getFileName() + " " + name, Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                } catch (NoSuchFileException ended) {
                    // The thread ended between listing and reading; its time falls to the rest.
                }
            }
        }
        return new Snapshot(ticks);
    }

    /** Tomcat's request threads (the name is cut at 15 characters) and H2's background writer, if one runs. */
    private static boolean serverThread(String name) {
        return name.startsWith("http-nio") || name.startsWith("MVStore") || name.startsWith("H2 ");
    }

    /** G1's workers, and the VM thread, which runs its pauses. */
    private static boolean gcThread(String name) {
        return name.startsWith("GC ") || name.startsWith("G1 ") || name.equals("VM Thread");
    }

    long jvmNanos() {
        return jitNanos + gcNanos;
    }

    ThreadCpu plus(ThreadCpu other) {
        return new ThreadCpu(serverNanos + other.serverNanos, jitNanos + other.jitNanos, gcNanos + other.gcNanos);
    }
}
