package com.burstline.server.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fresh data dir for a test class whose instance lives for the whole class (JUnit's @TempDir comes too late). */
final class AccessFixtures {
    private AccessFixtures() {
    }

    static Path tempDir(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            dir.toFile().deleteOnExit();
            return dir.resolve("data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
