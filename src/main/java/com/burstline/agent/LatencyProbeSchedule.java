package com.burstline.agent;

/**
 * When the loaded-latency probe sends: on a fixed grid of {@code ratePerSecond} slots a second from its start. A
 * sender that woke late sends the slot it is late for at once, but one that missed more than a slot (a stalled JVM)
 * skips to the grid's next slot instead of sending the missed ones in a burst: a burst would queue behind itself and
 * report delay the link never added.
 */
final class LatencyProbeSchedule {
    private final long startNanos;
    private final long periodNanos;

    LatencyProbeSchedule(long startNanos, int ratePerSecond) {
        this.startNanos = startNanos;
        this.periodNanos = 1_000_000_000L / ratePerSecond;
    }

    /** When slot {@code slot} is due. */
    long timeOf(long slot) {
        return startNanos + slot * periodNanos;
    }

    /** The slot to send after {@code last} when the sender is ready at {@code now}. */
    long next(long last, long now) {
        long candidate = last + 1;
        if (now - timeOf(candidate) > periodNanos) {
            return Math.floorDiv(now - startNanos + periodNanos - 1, periodNanos);
        }
        return candidate;
    }
}
