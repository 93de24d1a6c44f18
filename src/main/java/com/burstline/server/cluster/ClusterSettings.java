package com.burstline.server.cluster;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code burstline.cluster.*}: how servers sharing one database hand work to each other.
 *
 * @param serverId this server's name among the servers on the database; unset, one generated at the first start and
 *                 kept in {@code <data-dir>/server-id}, so a restarted server knows the jobs it held
 * @param lease    how long a job's lease lasts without its server's heartbeat (renewed every third of it): a server
 *                 that dies loses its jobs to another after this long
 */
@ConfigurationProperties("burstline.cluster")
public record ClusterSettings(String serverId, Duration lease) {
    static final Duration MIN_LEASE = Duration.ofSeconds(3);

    public ClusterSettings {
        serverId = serverId == null || serverId.isBlank() ? null : serverId.strip();
        if (serverId != null && !serverId.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("burstline.cluster.server-id must be 1 to 64 letters, digits, dots, "
                    + "dashes or underscores, not '" + serverId + "'");
        }
        lease = lease == null ? Duration.ofSeconds(15) : lease;
        if (lease.compareTo(MIN_LEASE) < 0) {
            throw new IllegalArgumentException("burstline.cluster.lease must be at least " + MIN_LEASE.toSeconds()
                    + " s, not " + lease);
        }
    }

    /** How often a server renews its leases and its own row. */
    public Duration heartbeat() {
        return lease.dividedBy(3);
    }
}
