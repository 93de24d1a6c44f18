package com.burstline.server.job;

import com.burstline.server.cluster.ClusterSettings;
import com.burstline.server.cluster.DbTime;
import com.burstline.server.cluster.ServerIdentity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which server runs which job, in the database: a job is claimed by one server at a time with a lease (its owner,
 * boot and expiry on the job's row). Claiming locks the claimable rows with {@code FOR UPDATE SKIP LOCKED}, so two
 * servers claiming at once each lock their own and skip the other's, and applies {@link HostClaims} to every
 * unfinished job: the one-test-per-host rule holds across the servers. The running server renews its leases every
 * third of a lease; a job whose lease ran out (its server died or lost the database) is claimable again, and the
 * server that claims it next takes it over at its next scenario. A server takes back its own leases of an earlier
 * boot at once: that boot is gone, since a server id runs once.
 */
@Service
public class JobClaims {
    private static final String CLAIMABLE = """
            SELECT id FROM job WHERE status IN ('QUEUED', 'RUNNING')
              AND (lease_until IS NULL OR lease_until < ? OR (lease_owner = ? AND lease_boot <> ?))
            ORDER BY id FOR UPDATE SKIP LOCKED""";
    /** Also a job that has just ended while its thread here winds down: that is no lost lease. */
    private static final String RENEW = "UPDATE job SET lease_until = ? WHERE id = ? AND lease_owner = ? "
            + "AND lease_boot = ?";

    private final JobRepository jobs;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final ServerIdentity identity;
    private final Duration lease;
    private final JobStore store;
    private final Clock clock = Clock.systemUTC();

    JobClaims(JobRepository jobs, JdbcTemplate jdbc, TransactionTemplate transaction, ServerIdentity identity,
              ClusterSettings settings, JobStore store) {
        this.jobs = jobs;
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.identity = identity;
        this.lease = settings.lease();
        this.store = store;
    }

    /** @param resumed the job had been claimed before (it was running, or about to, on a server now gone) */
    public record Claimed(long jobId, boolean resumed) {
    }

    /**
     * Claims, oldest first, every job this server may start now; each is leased to it by the time this returns.
     *
     * @param running the jobs this server runs now: never claimed again here, even should their lease have run out
     *                (a server that lost its lease stops at the job's next step; another server may take it)
     */
    public List<Claimed> claim(Set<Long> running) {
        List<Claimed> claimed = transaction.execute(status -> {
            Instant now = clock.instant();
            Set<Long> claimable = new HashSet<>(jdbc.queryForList(CLAIMABLE, Long.class, DbTime.of(now),
                    identity.id(), identity.boot()));
            claimable.removeAll(running);
            if (claimable.isEmpty()) {
                return List.<Claimed>of();
            }
            List<Job> unfinished = jobs.findByStatusInOrderByIdAsc(List.of(JobStatus.QUEUED, JobStatus.RUNNING));
            Map<Long, Job> byId = unfinished.stream().collect(Collectors.toMap(Job::getId, Function.identity()));
            List<Claimed> taken = new ArrayList<>();
            for (long id : HostClaims.startable(unfinished.stream().map(job -> new HostClaims.Candidate(job.getId(),
                    job.hosts(), claimable.contains(job.getId()))).toList())) {
                taken.add(take(byId.get(id), now));
            }
            jobs.flush();
            return taken;
        });
        claimed.stream().filter(Claimed::resumed).forEach(job -> store.announce(job.jobId()));
        return claimed;
    }

    private Claimed take(Job job, Instant now) {
        String previous = job.leaseOwner();
        Instant previousUntil = job.leaseUntil();
        if (previous != null && previousUntil != null && !previous.equals(identity.id())) {
            job.record(now, JobHistoryKind.TAKEN_OVER, identity.id(), previous, previousUntil.minus(lease), null,
                    null);
        }
        boolean resumed = job.status() == JobStatus.RUNNING || previous != null;
        job.lease(identity.id(), identity.boot(), now.plus(lease));
        return new Claimed(job.getId(), resumed);
    }

    /** The heartbeat on this server's leases; answers the jobs whose lease it no longer holds (taken over). */
    public Set<Long> renew(Set<Long> jobIds) {
        Instant until = clock.instant().plus(lease);
        Set<Long> lost = new HashSet<>();
        for (long id : jobIds) {
            if (jdbc.update(RENEW, DbTime.of(until), id, identity.id(), identity.boot()) == 0) {
                lost.add(id);
            }
        }
        return lost;
    }

    /** The job ended here, or this server stops: any server may claim it at once. */
    public void release(long jobId, boolean stopping) {
        store.change(jobId, job -> {
            if (job.leasedTo(identity.id(), identity.boot())) {
                job.releaseLease();
                if (stopping && !job.status().finished()) {
                    job.record(clock.instant(), JobHistoryKind.STOPPED, identity.id(), null, null, null, null);
                }
            }
            return null;
        });
    }
}
