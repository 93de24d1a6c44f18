package com.burstline.server.job.dispatch;

import com.burstline.server.job.JobStore;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * When each host last ended a scenario, across jobs and servers, so that a cool-down counts from the host's last
 * measurement whichever job (and whichever server on the database) made it: the stored scenarios' end times, and
 * what this server saw end, so a restarted server waits a cool-down from a measurement made before the restart.
 */
final class HostRest {
    private final Map<String, Instant> lastEnd = new ConcurrentHashMap<>();
    private final Function<String, Optional<Instant>> stored;

    /** @param stored when the host's last stored scenario ended ({@link JobStore#lastScenarioEndOn}) */
    HostRest(Function<String, Optional<Instant>> stored) {
        this.stored = stored;
    }

    void ended(List<String> hosts, Instant at) {
        hosts.forEach(host -> lastEnd.merge(host, at, (old, now) -> now.isAfter(old) ? now : old));
    }

    /** When all the hosts have rested {@code seconds} since their last scenario; null when none ran one. */
    Instant restedAt(List<String> hosts, int seconds) {
        return hosts.stream().map(this::last).filter(Objects::nonNull).max(Instant::compareTo)
                .map(last -> last.plus(Duration.ofSeconds(seconds))).orElse(null);
    }

    /**
     * The later of what this server saw end and what the database holds: another server on the same database may
     * have measured on the host since.
     */
    private Instant last(String host) {
        Instant seen = lastEnd.get(host);
        Instant kept = stored.apply(host).orElse(null);
        if (seen == null || kept != null && kept.isAfter(seen)) {
            return kept;
        }
        return seen;
    }
}
