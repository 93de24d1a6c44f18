package com.burstline.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** What every benchmark needs alike: its {@code --name=N} options, the machine's load, and cleaning up after itself. */
final class BenchSupport {
    private BenchSupport() {
    }

    /**
     * {@code --name=N} from the arguments, or the fallback when absent; the last one given wins, so that an option
     * after a script's mode outranks the default the script puts before it ({@code bench-team.sh dispatch --jobs=5}).
     */
    static int intOption(String[] args, String name, int fallback) {
        String value = stringOption(args, name, null);
        return value == null ? fallback : Integer.parseInt(value);
    }

    /** Whether every argument is {@code --name=value} with one of the names. */
    static boolean onlyOptions(String[] args, java.util.List<String> names) {
        return java.util.Arrays.stream(args).allMatch(arg -> names.stream().anyMatch(n -> arg.startsWith("--" + n + "=")));
    }

    /** {@code --name=value} from the arguments, or the fallback when absent; the last one given wins. */
    static String stringOption(String[] args, String name, String fallback) {
        String value = fallback;
        for (String arg : args) {
            if (arg.startsWith("--" + name + "=")) {
                value = arg.substring(name.length() + 3);
            }
        }
        return value;
    }

    /** Other processes on the machine take cores from every figure; this shows how busy it was. */
    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
