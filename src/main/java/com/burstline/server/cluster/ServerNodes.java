package com.burstline.server.cluster;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The servers sharing the database, one row each ({@code server_node}), kept fresh by each server's heartbeat: a
 * starting server learns whether others are running (then its start is no restart of the service) and when it was
 * itself last seen before.
 */
@Component
public class ServerNodes {
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final ServerIdentity identity;
    private final ClusterSettings settings;
    private final Clock clock = Clock.systemUTC();

    ServerNodes(JdbcTemplate jdbc, TransactionTemplate transaction, ServerIdentity identity, ClusterSettings settings) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.identity = identity;
        this.settings = settings;
    }

    /**
     * @param othersRunning other servers' heartbeats are younger than a lease: they run the service on
     * @param lastSeen      the latest heartbeat of any server before this start (this server's own earlier boot
     *                      included), null on a database no server used yet
     * @param ownLastSeen   this server's own last heartbeat before this start, null on its first start
     */
    public record Start(boolean othersRunning, Instant lastSeen, Instant ownLastSeen) {
    }

    /** Adds or refreshes this server's row; what was there before says what this start is. */
    public Start register() {
        return transaction.execute(status -> {
            Instant now = clock.instant();
            Instant fresh = now.minus(settings.lease());
            List<Row> rows = jdbc.query("SELECT id, last_seen_at FROM server_node", (rs, n) -> new Row(
                    rs.getString("id"), DbTime.read(rs, "last_seen_at")));
            boolean others = rows.stream().anyMatch(row -> !row.id().equals(identity.id())
                    && row.lastSeen().isAfter(fresh));
            Instant lastSeen = rows.stream().map(Row::lastSeen).max(Instant::compareTo).orElse(null);
            Instant own = rows.stream().filter(row -> row.id().equals(identity.id())).map(Row::lastSeen)
                    .findFirst().orElse(null);
            int updated = jdbc.update("UPDATE server_node SET boot_id = ?, started_at = ?, last_seen_at = ? "
                    + "WHERE id = ?", identity.boot(), DbTime.of(identity.startedAt()), DbTime.of(now),
                    identity.id());
            if (updated == 0) {
                jdbc.update("INSERT INTO server_node (id, boot_id, started_at, last_seen_at) VALUES (?, ?, ?, ?)",
                        identity.id(), identity.boot(), DbTime.of(identity.startedAt()), DbTime.of(now));
            }
            return new Start(others, lastSeen, own);
        });
    }

    /** With the leases' heartbeat. */
    public void heartbeat() {
        jdbc.update("UPDATE server_node SET last_seen_at = ? WHERE id = ? AND boot_id = ?",
                DbTime.of(clock.instant()), identity.id(), identity.boot());
    }

    private record Row(String id, Instant lastSeen) {
    }
}
