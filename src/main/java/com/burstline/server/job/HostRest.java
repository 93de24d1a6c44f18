package com.burstline.server.job;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each host last ended a scenario, across jobs, so that a cool-down counts from the host's last measurement
 * whichever job made it. Kept in memory: after a restart the first scenario on a host does not wait.
 */
final class HostRest {
    private final Map<String, Instant> lastEnd = new ConcurrentHashMap<>();

    void ended(List<String> hosts, Instant at) {
        hosts.forEach(host -> lastEnd.merge(host, at, (old, now) -> now.isAfter(old) ? now : old));
    }

    /** When all the hosts have rested {@code seconds} since their last scenario; null when none ran one. */
    Instant restedAt(List<String> hosts, int seconds) {
        return hosts.stream().map(lastEnd::get).filter(java.util.Objects::nonNull).max(Instant::compareTo)
                .map(last -> last.plus(Duration.ofSeconds(seconds))).orElse(null);
    }
}
