package com.burstline.server.job.dispatch;

import java.util.HashMap;
import java.util.Map;

/**
 * The iperf3 ports of scenarios running at the same time: jobs on other hosts run in parallel, and peers that share
 * an address (agents on one machine) must not be told the same port. Each scenario prefers the port its id gives, so
 * a host's next scenario gets another port than the iperf3 server its last one may leave behind for a moment.
 */
final class PortPool {
    private final int first;
    private final int count;
    /** Port to how many running scenarios use it: more than one only when every port is taken. */
    private final Map<Integer, Integer> inUse = new HashMap<>();

    PortPool(int first, int count) {
        this.first = first;
        this.count = count;
    }

    /** A port no running scenario uses, starting at the preferred one; the preferred one when all are in use. */
    synchronized int take(long scenarioId) {
        int preferred = (int) (scenarioId % count);
        int port = first + preferred;
        for (int i = 0; i < count; i++) {
            int candidate = first + (preferred + i) % count;
            if (!inUse.containsKey(candidate)) {
                port = candidate;
                break;
            }
        }
        inUse.merge(port, 1, Integer::sum);
        return port;
    }

    /**
     * The loaded-latency probe's UDP port beside a scenario's: as many ports above the pool as the scenario's is in
     * it (5211–5220 beside the default 5201–5210), so it never meets the iperf3 server's own UDP port and two
     * scenarios running at once never share one.
     */
    int latencyProbePort(int port) {
        return port + count;
    }

    synchronized void release(int port) {
        inUse.computeIfPresent(port, (p, users) -> users == 1 ? null : users - 1);
    }
}
