package com.burstline.server.system;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Resolves a secret token: the configured value when there is one, otherwise one generated on first start and kept
 * in the data dir, readable by the owner only, so that it survives restarts without ever being printed to a log.
 */
public final class SecretTokens {
    private static final Logger log = LoggerFactory.getLogger(SecretTokens.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private SecretTokens() {
    }

    public static String resolve(String configured, Path dataDir, String fileName, String propertyName) {
        if (configured != null && !configured.isBlank()) {
            return configured.strip();
        }
        Path file = dataDir.resolve(fileName).toAbsolutePath();
        try {
            if (!Files.exists(file)) {
                create(file);
                log.info("Generated a new {} in {} (set {} to choose your own)", fileName, file, propertyName);
            } else {
                log.info("The {} is in {}", fileName, file);
            }
            return Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create the token file " + file, e);
        }
    }

    /**
     * The configured value, else the token kept in the data dir's file if there is one, else empty: for a secret
     * that exists only when someone chose it (the shared enrollment token), never generated.
     */
    public static java.util.Optional<String> configuredOrKept(String configured, Path dataDir, String fileName) {
        if (configured != null && !configured.isBlank()) {
            return java.util.Optional.of(configured.strip());
        }
        Path file = dataDir.resolve(fileName).toAbsolutePath();
        try {
            return Files.exists(file) ? java.util.Optional.of(Files.readString(file, StandardCharsets.US_ASCII).strip())
                    : java.util.Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the token file " + file, e);
        }
    }

    private static void create(Path file) throws IOException {
        SecretFiles.ownerOnlyDirectory(file.getParent());
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(file);
        } catch (FileAlreadyExistsException anotherStartWon) {
            return;
        }
        Files.writeString(file, token + "\n", StandardCharsets.US_ASCII);
    }
}
