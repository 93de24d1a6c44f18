package com.burstline.bench;

import com.burstline.agent.AgentProcess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a JVM's resident memory lives, for the lightness benchmark: with {@code -XX:NativeMemoryTracking=summary}
 * among the JVM flags, {@code jcmd <pid> VM.native_memory summary}, {@code GC.heap_info} and
 * {@code /proc/<pid>/smaps} of each process are saved under {@code target/bench-memory/} and the committed memory of
 * the larger categories is printed in one line, so that an agent and its floor can be compared category by category.
 * Without that flag it does nothing.
 */
final class JvmMemoryReport {
    private static final Path DIRECTORY = Path.of("target", "bench-memory");
    private static final Pattern CATEGORY = Pattern.compile("-\\s+(\\S[^(]*?) \\(reserved=\\d+KB, committed=(\\d+)KB");
    private static final Pattern TOTAL = Pattern.compile("Total: reserved=\\d+KB, committed=(\\d+)KB");
    private static final Pattern CHANGE = Pattern.compile(
            "-\\s+(\\S[^(]*?) \\(reserved=\\d+KB(?: [+-]\\d+KB)?, committed=\\d+KB ([+-]\\d+)KB");

    private static final Pattern CLASSES = Pattern.compile("\\(classes #(\\d+ [+-]\\d+)\\)");

    private final boolean enabled;

    JvmMemoryReport(List<String> jvmFlags) {
        this.enabled = jvmFlags.stream().anyMatch(flag -> flag.startsWith("-XX:NativeMemoryTracking=")
                && !flag.endsWith("=off"));
    }

    /** Saves and prints what the JVM of {@code pid} says about its memory; {@code label} names the files. */
    void report(String label, long pid) throws IOException, InterruptedException {
        if (!enabled) {
            return;
        }
        Files.createDirectories(DIRECTORY);
        String nmt = jcmd(pid, "VM.native_memory", "summary");
        Files.writeString(DIRECTORY.resolve(label + "-nmt.txt"), nmt);
        Files.writeString(DIRECTORY.resolve(label + "-heap.txt"), jcmd(pid, "GC.heap_info"));
        Files.writeString(DIRECTORY.resolve(label + "-smaps.txt"),
                Files.readString(Path.of("/proc", Long.toString(pid), "smaps")));
        Map<String, Long> committed = new LinkedHashMap<>();
        Matcher total = TOTAL.matcher(nmt);
        committed.put("NMT total", total.find() ? Long.parseLong(total.group(1)) : 0);
        Matcher category = CATEGORY.matcher(nmt);
        while (category.find()) {
            long kib = Long.parseLong(category.group(2));
            if (kib >= 1024) {
                committed.put(category.group(1).strip(), kib);
            }
        }
        StringBuilder line = new StringBuilder();
        committed.forEach((name, kib) -> line.append(String.format(Locale.ROOT, "%s %.1f, ", name, kib / 1024.0)));
        System.out.printf(Locale.ROOT, "    %s, NMT committed MiB: %s(files in %s)%n", label, line, DIRECTORY);
    }

    /** Marks where NMT's later {@link #diff} counts from. */
    void baseline(long pid) throws IOException, InterruptedException {
        if (enabled) {
            jcmd(pid, "VM.native_memory", "baseline");
        }
    }

    /** Saves NMT's change since {@link #baseline} and prints the categories that moved by 512 KiB or more. */
    void diff(String label, long pid) throws IOException, InterruptedException {
        if (!enabled) {
            return;
        }
        String diff = jcmd(pid, "VM.native_memory", "summary.diff");
        Files.writeString(DIRECTORY.resolve(label + "-nmt-diff.txt"), diff);
        StringBuilder line = new StringBuilder();
        Matcher change = CHANGE.matcher(diff);
        while (change.find()) {
            long kib = Long.parseLong(change.group(2));
            if (Math.abs(kib) >= 512) {
                line.append(String.format(Locale.ROOT, "%s %+.1f, ", change.group(1).strip(), kib / 1024.0));
            }
        }
        Matcher classes = CLASSES.matcher(diff);
        if (classes.find()) {
            line.append("classes ").append(classes.group(1)).append(", ");
        }
        System.out.printf(Locale.ROOT, "    %s, NMT committed MiB since the baseline: %s(%s)%n", label, line,
                DIRECTORY.resolve(label + "-nmt-diff.txt"));
    }

    private static String jcmd(long pid, String... command) throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of(Path.of(AgentProcess.javaBin()).resolveSibling("jcmd")
                .toString(), Long.toString(pid)));
        arguments.addAll(List.of(command));
        Process jcmd = new ProcessBuilder(arguments).redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(30, TimeUnit.SECONDS);
        return out;
    }
}
