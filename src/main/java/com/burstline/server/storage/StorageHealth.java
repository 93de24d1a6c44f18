package com.burstline.server.storage;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Readiness of the database for writes. Reads alone would say UP on a full disk, so the check is a write: one row
 * rewritten, at most once a second. A write that failed in the service itself (an upload, a job) also counts, for
 * 10 s or until a later write of the service's own succeeds: a full disk may still take the probe's few bytes but not
 * a 16 MB upload. The embedded
 * database is DOWN, too, while its disk is down to the reserve ({@link DiskReserve}).
 */
@Component("storage")
public class StorageHealth implements HealthIndicator {
    private static final Logger LOG = LoggerFactory.getLogger(StorageHealth.class);
    private static final Duration PROBE_EVERY = Duration.ofSeconds(1);
    private static final Duration FAILURE_COUNTS_FOR = Duration.ofSeconds(10);

    private final JdbcTemplate jdbc;
    private final DiskReserve reserve;
    private final Clock clock = Clock.systemUTC();
    private volatile Instant lastFailure = Instant.EPOCH;
    private volatile Instant lastSuccess = Instant.EPOCH;
    private volatile Instant lastProbe = Instant.EPOCH;
    private volatile boolean probeWrote;

    StorageHealth(JdbcTemplate jdbc, DiskReserve reserve) {
        this.jdbc = jdbc;
        this.reserve = reserve;
    }

    /** @throws StorageFullException when a write of this size would eat into the embedded database's reserve */
    public void requireRoomFor(long bytes) {
        if (!reserve.hasRoomFor(bytes)) {
            lastFailure = clock.instant();
            throw new StorageFullException();
        }
    }

    /** A write of the service's own was committed. */
    public void writeSucceeded() {
        lastSuccess = clock.instant();
    }

    /** A write of the service's own failed on the database's side. */
    public void writeFailed() {
        lastFailure = clock.instant();
    }

    @Override
    public Health health() {
        probe();
        Instant now = clock.instant();
        boolean recentFailure = lastFailure.isAfter(lastSuccess)
                && lastFailure.isAfter(now.minus(FAILURE_COUNTS_FOR));
        if (probeWrote && !recentFailure && reserve.hasRoomFor(0)) {
            return Health.up().withDetail("writes", "the database accepts writes").build();
        }
        return Health.down().withDetail("writes", "the database cannot write; uploads answer 503 until it can")
                .build();
    }

    private synchronized void probe() {
        Instant now = clock.instant();
        if (now.isBefore(lastProbe.plus(PROBE_EVERY))) {
            return;
        }
        lastProbe = now;
        try {
            jdbc.execute((ConnectionCallback<Integer>) connection -> write(connection, now));
            // Not a writeSucceeded(): the probe's few bytes fit where an upload did not, so only the service's own
            // next write (or time) clears a failure of the service's own.
            probeWrote = true;
        } catch (RuntimeException cannotWrite) {
            if (probeWrote) {
                LOG.warn("The database cannot write: {}", cannotWrite.getMessage());
            }
            probeWrote = false;
        }
    }

    private int write(java.sql.Connection connection, Instant now) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE storage_probe SET checked_at = ? WHERE id = 1")) {
            update.setTimestamp(1, Timestamp.from(now));
            return update.executeUpdate();
        }
    }
}
