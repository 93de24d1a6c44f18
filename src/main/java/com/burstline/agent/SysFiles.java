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
    private final Path root;
    private final String shownAs;

    SysFiles(Path root, String shownAs) {
        this.root = root;
        this.shownAs = shownAs;
    }

    ConfigCommands.Answer read(String relative) {
        try {
            return new ConfigCommands.Answer(Files.readString(root.resolve(relative)).strip(), null);
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
