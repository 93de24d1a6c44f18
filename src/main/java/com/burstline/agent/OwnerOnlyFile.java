package com.burstline.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A secret the agent keeps on disk (its TLS key): created 0600 before any byte is written, so that it is never
 * readable by others even for a moment, and moved into place whole. On file systems without POSIX permissions
 * (Windows) the file gets its directory's access rules.
 */
final class OwnerOnlyFile {
    private OwnerOnlyFile() {
    }

    @FunctionalInterface
    interface Writer {
        void write(OutputStream out) throws IOException;
    }

    static void write(Path file, byte[] content) throws IOException {
        write(file, out -> out.write(content));
    }

    static void write(Path file, Writer content) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        Path temporary = directory.resolve(file.getFileName() + ".tmp");
        Files.deleteIfExists(temporary);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(temporary, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(temporary);
        }
        try (OutputStream out = Files.newOutputStream(temporary)) {
            content.write(out);
        }
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
