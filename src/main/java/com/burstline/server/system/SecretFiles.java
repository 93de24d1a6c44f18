package com.burstline.server.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files and directories only their owner may read: the data dir ({@code 0700}), the database and every secret
 * ({@code 0600}). On a file system without POSIX permissions the calls leave permissions as they are.
 */
public final class SecretFiles {
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private SecretFiles() {
    }

    /** Writes (or replaces) a secret: the file is created owner-only before the secret goes in. */
    public static void write(Path file, String secret) {
        try {
            ownerOnlyDirectory(file.toAbsolutePath().getParent());
            Path temporary = file.resolveSibling(file.getFileName() + ".new");
            Files.deleteIfExists(temporary);
            try {
                Files.createFile(temporary, PosixFilePermissions.asFileAttribute(OWNER_FILE));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(temporary);
            }
            Files.writeString(temporary, secret + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the secret file " + file, e);
        }
    }

    /** Creates the directory if needed and makes it owner-only. */
    public static void ownerOnlyDirectory(Path directory) throws IOException {
        Files.createDirectories(directory);
        restrict(directory, OWNER_DIR);
    }

    /** Makes an existing file owner-only (the database files H2 creates with the process's umask). */
    public static void ownerOnlyFile(Path file) throws IOException {
        if (Files.isRegularFile(file)) {
            restrict(file, OWNER_FILE);
        }
    }

    private static void restrict(Path path, Set<PosixFilePermission> permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(path, permissions);
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the ACLs the directory inherits apply
        }
    }
}
