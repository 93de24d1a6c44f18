package com.burstline.server.job;

import com.burstline.iperf.Direction;
import com.burstline.iperf.Protocol;

/** One checked scenario: what the SUT's iperf3 client will run. */
record PlannedScenario(Protocol protocol, Direction direction, int streams, int durationSeconds,
                       double intervalSeconds, int omitSeconds, Long targetBitsPerSecond) {

    PlannedScenario withDuration(Integer seconds) {
        return seconds == null ? this : new PlannedScenario(protocol, direction, streams, seconds, intervalSeconds,
                omitSeconds, targetBitsPerSecond);
    }
}
