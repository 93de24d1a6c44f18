package com.burstline.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The agent's own secret, which the agent drew and proposed when it enrolled with the enrollment token. It lives in
 * the spool directory ({@code 0700}) as {@code <name>.secret} ({@code 0600}), so a restarted agent speaks as itself
 * again without enrolling, and no other user of the host can read it.
 */
final class AgentSecret {
    private final Path file;
    private volatile String secret;

    AgentSecret(Path spool, String agentName) throws IOException {
        this.file = spool.resolve(agentName + ".secret");
        ownerOnly(spool, "rwx------");
        this.secret = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : null;
        if (secret != null && secret.isEmpty()) {
            secret = null;
        }
    }

    /** Null until the agent enrolled (or after the server stopped knowing the secret). */
    String value() {
        return secret;
    }

    /** Written owner-only under a temporary name and moved into place: never readable by others, never half. */
    String keep(String newSecret) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temporary);
        try {
            Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(temporary);
        }
        Files.writeString(temporary, newSecret + "\n", StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        secret = newSecret;
        return newSecret;
    }

    /** The server no longer knows this secret (an admin removed the agent, or it is another server). */
    void forget() throws IOException {
        Files.deleteIfExists(file);
        secret = null;
    }

    Path file() {
        return file;
    }

    private static void ownerOnly(Path directory, String permissions) throws IOException {
        Files.createDirectories(directory);
        try {
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the directory keeps the ACLs of where it was created
        }
    }
}
