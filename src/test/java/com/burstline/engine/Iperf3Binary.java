package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A stock iperf3 to test against: Debian's 3.12 at /usr/bin/iperf3, or another Debian suite's iperf3 with its own
 * loader and libraries, which scripts/get-iperf3.sh unpacks before the full test tier (a test never downloads).
 */
record Iperf3Binary(String version, List<String> command) {
    static Iperf3Binary v312() {
        return new Iperf3Binary("3.12", List.of("/usr/bin/iperf3"));
    }

    static Iperf3Binary v318() {
        return unpacked("trixie", "3.18");
    }

    private static Iperf3Binary unpacked(String suite, String version) {
        Path wrapper = Path.of(System.getenv().getOrDefault("TMPDIR", "/tmp"), "iperf3-" + suite, "iperf3");
        if (!Files.isExecutable(wrapper)) {
            throw new IllegalStateException("no iperf3 " + version + " at " + wrapper
                    + ": run scripts/get-iperf3.sh " + suite + " (scripts/test.sh --full does)");
        }
        return new Iperf3Binary(version, List.of(wrapper.toString()));
    }

    Process start(List<String> args, Path output) throws IOException {
        List<String> full = new ArrayList<>(command);
        full.addAll(args);
        return new ProcessBuilder(full).redirectOutput(output.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    @Override
    public String toString() {
        return "iperf3 " + version;
    }
}
