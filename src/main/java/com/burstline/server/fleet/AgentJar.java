package com.burstline.server.fleet;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The agent jar this server hands to hosts that join, and its SHA-256, which the install commands check. The hash is
 * computed again only when the file's size or time changes (a rebuilt jar).
 */
@Component
@EnableConfigurationProperties(EnrollmentSettings.class)
class AgentJar {
    static final String FILE_NAME = "burstline-agent.jar";

    record Found(Path path, String sha256) {
    }

    private record Stamp(long size, FileTime modified) {
    }

    private final Path path;
    private Stamp hashed;
    private String sha256;

    AgentJar(EnrollmentSettings settings) {
        this.path = settings.jarPath().toAbsolutePath();
    }

    /**
     * Beside the server's own jar when it runs with {@code java -jar} (the release puts both in one directory), else
     * target/burstline-agent.jar of a build in the working directory.
     */
    static Path defaultPath() {
        String classPath = System.getProperty("java.class.path", "");
        Path own = classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)
                ? Path.of(classPath).toAbsolutePath().getParent() : null;
        return own != null ? own.resolve(FILE_NAME) : Path.of("target", FILE_NAME);
    }

    Path path() {
        return path;
    }

    /** Empty when there is no jar at the configured path. */
    synchronized Optional<Found> find() {
        try {
            if (!Files.isRegularFile(path)) {
                return Optional.empty();
            }
            Stamp now = new Stamp(Files.size(path), Files.getLastModifiedTime(path));
            if (!now.equals(hashed)) {
                sha256 = hash(path);
                hashed = now;
            }
            return Optional.of(new Found(path, sha256));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the agent jar " + path, e);
        }
    }

    String missing() {
        return "The agent jar is not at " + path + ": build it (mvn package makes target/" + FILE_NAME + ") or set "
                + "burstline.agents.jar-path to where it is.";
    }

    private static String hash(Path file) throws IOException {
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(file),
                MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
