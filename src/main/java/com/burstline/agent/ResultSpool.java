package com.burstline.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Results wait here on disk until the server has them: every result is written first and deleted only once the
 * server answered 200, so neither a server restart nor an agent restart loses one.
 */
final class ResultSpool {
    private static final Logger LOG = Logger.getLogger(ResultSpool.class.getName());
    private static final String SUFFIX = ".result.json";

    private final Path directory;
    private final ServerClient server;

    ResultSpool(Path directory, ServerClient server) {
        this.directory = directory;
        this.server = server;
        try {
            Files.createDirectories(directory.resolve("rejected"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the spool directory " + directory, e);
        }
    }

    /** Written to a temporary name and moved into place, so a crash never leaves half a result to deliver. */
    void save(String name, String resultJson) throws IOException {
        Path temporary = directory.resolve(name + ".tmp");
        Files.writeString(temporary, resultJson, StandardCharsets.UTF_8);
        Files.move(temporary, directory.resolve(name + SUFFIX), StandardCopyOption.ATOMIC_MOVE);
    }

    /** Tries every waiting result once; what the server cannot take now stays for the next round. */
    synchronized void deliverPending() {
        for (Path file : pending()) {
            try {
                int status = server.deliver(Files.readString(file, StandardCharsets.UTF_8));
                if (status == 200) {
                    Files.deleteIfExists(file);
                } else if (status >= 400 && status < 500 && status != 401 && status != 404 && status != 408) {
                    LOG.warning("The server refused result " + file.getFileName() + " (HTTP " + status
                            + "); kept in " + directory.resolve("rejected"));
                    Files.move(file, directory.resolve("rejected").resolve(file.getFileName()),
                            StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException unreachable) {
                return; // the server is away; keep everything for the next round
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    List<Path> pending() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
