package com.burstline.server.job.dispatch;

import com.burstline.contract.LatencyProbeSpec;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The iperf3 ports of scenarios running at the same time: jobs on other hosts run in parallel, and peers that share
 * an address (agents on one machine) must not be told the same port. Each scenario prefers the port its id gives, so
 * a host's next scenario gets another port than the iperf3 server its last one may leave behind for a moment.
 * <p>
 * A port given back stays out of use for a moment too: a peer answers the loaded-latency probe for
 * {@link LatencyProbeSpec#LOSS_TIMEOUT_MILLIS} after its server role ends, and another agent on the same machine
 * given that probe port meanwhile could not open it ("Address already in use").
 */
final class PortPool {
    /** How long a port given back is passed over while others are free: the probe's linger and a margin. */
    static final long RESTING_NANOS = 2L * LatencyProbeSpec.LOSS_TIMEOUT_MILLIS * 1_000_000;

    private final int first;
    private final int count;
    private final LongSupplier nanoClock;
    /** Port to how many running scenarios use it: more than one only when every port is taken. */
    private final Map<Integer, Integer> inUse = new HashMap<>();
    /** Port to when it was last given back. */
    private final Map<Integer, Long> givenBack = new HashMap<>();

    PortPool(int first, int count) {
        this(first, count, System::nanoTime);
    }

    PortPool(int first, int count, LongSupplier nanoClock) {
        this.first = first;
        this.count = count;
        this.nanoClock = nanoClock;
    }

    /** The port {@link #take} gives, held until the lease is closed; another one when the peer's is in use. */
    Lease lease(long scenarioId) {
        return new Lease(scenarioId, take(scenarioId));
    }

    /**
     * A port no running scenario uses and none gave back a moment ago, starting at the preferred one; else one no
     * running scenario uses; the preferred one when all are in use.
     */
    synchronized int take(long scenarioId) {
        return take(scenarioId, Set.of());
    }

    /** As {@link #take(long)}, never one of {@code passed}; -1 when every port of the pool is among them. */
    private synchronized int take(long scenarioId, Set<Integer> passed) {
        int preferred = (int) (scenarioId % count);
        Integer free = null;
        Integer anyOther = null;
        for (int i = 0; i < count; i++) {
            int candidate = first + (preferred + i) % count;
            if (passed.contains(candidate)) {
                continue;
            }
            if (anyOther == null) {
                anyOther = candidate;
            }
            if (inUse.containsKey(candidate)) {
                continue;
            }
            if (!resting(candidate)) {
                free = candidate;
                break;
            }
            if (free == null) {
                free = candidate;
            }
        }
        if (anyOther == null) {
            return -1;
        }
        int port = free != null ? free : anyOther;
        inUse.merge(port, 1, Integer::sum);
        return port;
    }

    /** The pool as people set it: "5201–5210". */
    String range() {
        return count == 1 ? String.valueOf(first) : first + "–" + (first + count - 1);
    }

    private boolean resting(int port) {
        Long at = givenBack.get(port);
        return at != null && nanoClock.getAsLong() - at < RESTING_NANOS;
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
        givenBack.put(port, nanoClock.getAsLong());
    }

    /** One scenario attempt's port. */
    final class Lease implements AutoCloseable {
        private final long scenarioId;
        private final Set<Integer> tried = new HashSet<>();
        private int port;

        private Lease(long scenarioId, int port) {
            this.scenarioId = scenarioId;
            this.port = port;
        }

        int port() {
            return port;
        }

        /**
         * Gives the port back and takes one this lease has not had yet: the peer said another socket holds it.
         *
         * @return false, keeping the port, when the lease has had every port of the pool
         */
        boolean moveOn() {
            tried.add(port);
            int next = take(scenarioId, tried);
            if (next < 0) {
                return false;
            }
            release(port);
            port = next;
            return true;
        }

        @Override
        public void close() {
            release(port);
        }
    }
}
