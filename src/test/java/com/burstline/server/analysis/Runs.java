package com.burstline.server.analysis;

import com.burstline.contract.Direction;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.TestRuns;

/**
 * A real run's summary with another direction, for a case the lab could not make: the client's figures (CPU
 * included) stay the client's, so the client's 99% CPU becomes the receiver's.
 */
final class Runs {
    private Runs() {
    }

    static RunSummary with(RunSummary r, String direction) {
        return TestRuns.from(r).direction(Direction.fromApiName(direction)).build();
    }

    /** The same run with another retransmit count (the case one retransmit made a finding). */
    static RunSummary withRetransmits(RunSummary r, Long retransmits) {
        return TestRuns.from(r).retransmits(retransmits).build();
    }
}
