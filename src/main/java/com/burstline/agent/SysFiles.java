package com.burstline.agent;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Short files of sysfs or procfs under a root: the host's own {@code /sys} and {@code /proc}, or a copy captured for
 * tests. A file that cannot be read is a reason ("/sys/…/xps_cpus: no such file"), as the kernel answers some reads
 * of files it lists (XPS on a single-queue device) with ENOENT.
 */
final class SysFiles {
    private static final int MAX_BYTES = 1 << 20;

    private final Path root;
    private final String shownAs;

    SysFiles(Path root, String shownAs) {
        this.root = root;
        this.shownAs = shownAs;
    }

    /**
     * One read of up to {@value #MAX_BYTES} bytes, not {@code Files.readString}: procfs reports a size of 0, and a
     * sysctl read on from its second byte gives nothing (Files.readString read "4" of tcp_rmem's "4096 131072 …").
     */
    ConfigCommands.Answer read(String relative) {
        try (java.io.InputStream in = Files.newInputStream(root.resolve(relative))) {
            return new ConfigCommands.Answer(new String(in.readNBytes(MAX_BYTES),
                    java.nio.charset.StandardCharsets.UTF_8).strip(), null);
        } catch (NoSuchFileException e) {
            return ConfigCommands.Answer.failed(shownAs + "/" + relative + ": no such file");
        } catch (AccessDeniedException e) {
            return ConfigCommands.Answer.failed(shownAs + "/" + relative + ": permission denied");
        } catch (IOException | RuntimeException e) {
            return ConfigCommands.Answer.failed(shownAs + "/" + relative + ": " + e.getMessage());
        }
    }

    /** The text, or null when it cannot be read. */
    String text(String relative) {
        return read(relative).output();
    }

    /** The names in a directory, sorted; none when it is missing. */
    List<String> list(String relative) {
        try (Stream<Path> entries = Files.list(root.resolve(relative))) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    boolean exists(String relative) {
        return Files.exists(root.resolve(relative));
    }

    Path path(String relative) {
        return root.resolve(relative);
    }

    String shown(String relative) {
        return shownAs + "/" + relative;
    }
}
