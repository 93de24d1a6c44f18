package com.burstline.server.job;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which unfinished jobs may start now: a job holds every agent of its pairs from its first scenario to its end, so
 * one host never runs two throughput tests at once, while jobs on other hosts run at the same time. Jobs another
 * server runs (or is claiming) hold their hosts; the others take theirs oldest first, so a younger job never
 * overtakes an older one waiting for the same host. The rule is applied to what the database holds, inside the
 * claiming transaction ({@link JobClaims}), so it holds across every server on the database.
 */
final class HostClaims {
    private HostClaims() {
    }

    /** @param claimable this server may claim it now: no live lease on it, and no other server is claiming it */
    record Candidate(long id, Set<String> hosts, boolean claimable) {
    }

    /** The ids of the claimable jobs that may start now, oldest first. */
    static List<Long> startable(List<Candidate> unfinishedOldestFirst) {
        Set<String> taken = new HashSet<>();
        unfinishedOldestFirst.stream().filter(job -> !job.claimable()).forEach(job -> taken.addAll(job.hosts()));
        List<Long> startable = new ArrayList<>();
        for (Candidate job : unfinishedOldestFirst) {
            if (!job.claimable()) {
                continue;
            }
            if (job.hosts().stream().noneMatch(taken::contains)) {
                startable.add(job.id());
            }
            taken.addAll(job.hosts());
        }
        return startable;
    }
}
