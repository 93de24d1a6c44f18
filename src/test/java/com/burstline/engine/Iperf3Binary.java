package com.burstline.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A stock iperf3 to test against: Debian's 3.12 at /usr/bin/iperf3, or trixie's 3.18 with its own loader and
 * libraries, unpacked by scripts/get-iperf3-318.sh when it is not there yet.
 */
record Iperf3Binary(String version, List<String> command) {
    static Iperf3Binary v312() {
        return new Iperf3Binary("3.12", List.of("/usr/bin/iperf3"));
    }

    static Iperf3Binary v318() {
        Path root = Path.of(System.getenv().getOrDefault("TMPDIR", "/tmp"), "trixie", "root");
        if (!Files.exists(root.resolve("usr/bin/iperf3"))) {
            fetch318();
        }
        String libs = root.resolve("usr/lib/x86_64-linux-gnu") + ":" + root.resolve("lib/x86_64-linux-gnu");
        return new Iperf3Binary("3.18", List.of(root.resolve("usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2").toString(),
                "--library-path", libs, root.resolve("usr/bin/iperf3").toString()));
    }

    private static void fetch318() {
        try {
            Process p = new ProcessBuilder("bash", "scripts/get-iperf3-318.sh").inheritIO().start();
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("scripts/get-iperf3-318.sh failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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
