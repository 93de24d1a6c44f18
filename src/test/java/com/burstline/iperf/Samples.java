package com.burstline.iperf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Real iperf3 output from {@code src/test/resources/iperf3} (see its README for how each file was made). */
public final class Samples {
    private static final Path DIRECTORY = Path.of("src/test/resources/iperf3");

    private Samples() {
    }

    public static byte[] bytes(String name) {
        try (InputStream in = Samples.class.getResourceAsStream("/iperf3/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("No sample named " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every successful run's file name (the refused-connection error excluded). */
    public static List<String> successfulRuns() {
        return all().stream().filter(name -> !name.contains("error")).toList();
    }

    /**
     * The successful runs of iperf3 3.12 and 3.18, the corpus the benchmarks' figures were measured on: the other
     * versions' small loopback outputs would change the mix those figures stand for.
     */
    public static List<String> benchmarkRuns() {
        return successfulRuns().stream()
                .filter(name -> name.startsWith("iperf3-312-") || name.startsWith("iperf3-318-")).toList();
    }

    public static List<String> all() {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            return files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".json"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
