package com.burstline.server.cluster;

import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.SecretFiles;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.security.SecureRandom;

/**
 * Who this server is among those sharing the database: a stable id (set, or generated once and kept in the data
 * dir) and a boot id drawn at every start. A lease held by this id under another boot is this server's own from
 * before a restart, so it takes such jobs back at once instead of waiting for the lease to run out.
 */
@Component
@EnableConfigurationProperties(ClusterSettings.class)
public class ServerIdentity {
    static final String FILE = "server-id";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String id;
    private final String boot = random(8);
    private final Instant startedAt = Clock.systemUTC().instant();

    ServerIdentity(BurstlineProperties properties, ClusterSettings settings) {
        this.id = settings.serverId() != null ? settings.serverId() : kept(properties.dataDir().resolve(FILE));
    }

    public String id() {
        return id;
    }

    public String boot() {
        return boot;
    }

    public Instant startedAt() {
        return startedAt;
    }

    private static String kept(Path file) {
        try {
            if (Files.isRegularFile(file)) {
                String kept = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (kept.matches("[A-Za-z0-9._-]{1,64}")) {
                    return kept;
                }
            }
            String generated = "server-" + random(4);
            SecretFiles.write(file, generated);
            return generated;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the server id in " + file, e);
        }
    }

    private static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return HexFormat.of().formatHex(value);
    }
}
