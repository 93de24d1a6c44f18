package com.burstline.server.job.dispatch;

import com.burstline.server.job.JobStore;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which hosts (agents) the running jobs hold: a job holds every agent of its pairs from its first scenario to its
 * end, so one host never runs two throughput tests at once, while jobs on other hosts run at the same time. Queued
 * jobs take their hosts oldest first: a younger job never overtakes an older one waiting for the same host.
 */
final class HostClaims {
    private final Map<Long, Set<String>> running = new HashMap<>();

    /** The queued jobs that may start now, oldest first; each is claimed by the time this returns. */
    synchronized List<JobStore.QueuedJob> claimStartable(List<JobStore.QueuedJob> queued) {
        Set<String> taken = new HashSet<>();
        running.values().forEach(taken::addAll);
        List<JobStore.QueuedJob> startable = new java.util.ArrayList<>();
        for (JobStore.QueuedJob job : queued) {
            if (!running.containsKey(job.id()) && disjoint(job.hosts(), taken)) {
                running.put(job.id(), Set.copyOf(job.hosts()));
                startable.add(job);
            }
            taken.addAll(job.hosts());
        }
        return startable;
    }

    synchronized void release(long jobId) {
        running.remove(jobId);
    }

    private static boolean disjoint(Collection<String> hosts, Set<String> taken) {
        return hosts.stream().noneMatch(taken::contains);
    }
}
