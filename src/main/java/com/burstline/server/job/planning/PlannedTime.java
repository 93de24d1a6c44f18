package com.burstline.server.job.planning;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long a job takes as planned: each scenario's duration and omitted seconds, one after the other, plus the
 * cool-downs the order makes it wait (a scenario waits until every host it uses has rested {@code coolDownSeconds}
 * since its last scenario; a pair on other hosts in between shortens the wait).
 */
public final class PlannedTime {
    private PlannedTime() {
    }

    public static long seconds(List<OrderedScenario> ordered, List<Pair> pairs, int coolDownSeconds) {
        Map<String, Long> freeAt = new HashMap<>();
        long now = 0;
        for (OrderedScenario scenario : ordered) {
            List<String> hosts = pairs.get(scenario.pair()).hosts();
            long start = now;
            for (String host : hosts) {
                Long lastEnd = freeAt.get(host);
                if (lastEnd != null) {
                    start = Math.max(start, lastEnd + coolDownSeconds);
                }
            }
            now = start + scenario.scenario().measuringSeconds();
            for (String host : hosts) {
                freeAt.put(host, now);
            }
        }
        return now;
    }
}
