package com.burstline.server.job.planning;

import com.burstline.iperf.Direction;
import com.burstline.iperf.Protocol;

/** One checked scenario: what the SUT's client will run, and with which tool ({@code iperf3|java|auto}). */
public record PlannedScenario(Protocol protocol, Direction direction, int streams, int durationSeconds,
                       double intervalSeconds, int omitSeconds, Long targetBitsPerSecond, String tool) {

    /**
     * The same scenario for another duration. An interval longer than the run would leave one figure and no shape,
     * so the interval shrinks with a shorter run (never below 1 s): a 30 s run keeps 5 s intervals, a 4 s run gets 1 s.
     */
    public PlannedScenario withDuration(Integer seconds) {
        if (seconds == null) {
            return this;
        }
        double interval = Math.min(intervalSeconds, Math.max(1, Math.floor(seconds / 4.0)));
        return new PlannedScenario(protocol, direction, streams, seconds, interval, omitSeconds, targetBitsPerSecond,
                tool);
    }
}
