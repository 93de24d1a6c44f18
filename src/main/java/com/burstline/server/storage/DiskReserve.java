package com.burstline.server.storage;

import com.burstline.server.system.BurstlineProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The embedded database's disk must never fill: H2 closes its database for good when a write fails for want of
 * space, and only a restart opens it again. So writes stop, with 503, while the data dir's filesystem has less free
 * than {@code burstline.storage.min-free-space} (64 MB) beyond the upload itself; they start again as soon as
 * there is room. PostgreSQL keeps its data elsewhere and reports a full disk as a failed write of its own.
 */
@Component
class DiskReserve {
    /** An upload stores its bytes, its interval rows and H2's page copies: a few times its size, to be safe. */
    private static final int SPACE_PER_UPLOADED_BYTE = 4;

    private final Path dataDir;
    private final long minFreeBytes;
    private final boolean embedded;

    DiskReserve(BurstlineProperties properties, @Value("${spring.datasource.url:}") String url) {
        this.dataDir = properties.dataDir();
        this.minFreeBytes = properties.storage().minFreeSpace().toBytes();
        this.embedded = url.startsWith("jdbc:h2:file:");
    }

    /** @return whether a write of this many bytes leaves the reserve free (always, for a database elsewhere) */
    boolean hasRoomFor(long bytes) {
        if (!embedded) {
            return true;
        }
        try {
            return Files.getFileStore(dataDir).getUsableSpace() >= minFreeBytes + bytes * SPACE_PER_UPLOADED_BYTE;
        } catch (IOException unreadable) {
            return false;
        }
    }
}
