package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

/**
 * A real run's summary with another direction, for a case the lab could not make: the client's figures (CPU
 * included) stay the client's, so the client's 99% CPU becomes the receiver's.
 */
final class Runs {
    private Runs() {
    }

    static RunSummary with(RunSummary r, String direction) {
        return new RunSummary(r.id(), r.sut(), r.peer(), r.instanceType(), r.driver(), r.tags(), r.tool(),
                r.toolVersion(), r.peerTool(), r.peerToolVersion(), r.outputFormat(), r.side(), r.startedAt(),
                r.uploadedAt(),
                r.protocol(), direction, r.streams(), r.durationSeconds(), r.omitSeconds(), r.targetBitsPerSecond(),
                r.sentBitsPerSecond(), r.receivedBitsPerSecond(), r.retransmits(), r.jitterMs(), r.lostPercent(),
                r.hostCpuPercent(), r.remoteCpuPercent(),
                r.burstLimitBitsPerSecond(), r.baselineBitsPerSecond(), r.percentOfBurstLimit(),
                r.reverseSentBitsPerSecond(), r.reverseReceivedBitsPerSecond(), r.intervalCount(), r.jobId(),
                r.status(), r.error());
    }

    /** The same run with another retransmit count (the case one retransmit made a finding). */
    static RunSummary withRetransmits(RunSummary r, Long retransmits) {
        return new RunSummary(r.id(), r.sut(), r.peer(), r.instanceType(), r.driver(), r.tags(), r.tool(),
                r.toolVersion(), r.peerTool(), r.peerToolVersion(), r.outputFormat(), r.side(), r.startedAt(),
                r.uploadedAt(),
                r.protocol(), r.direction(), r.streams(), r.durationSeconds(), r.omitSeconds(),
                r.targetBitsPerSecond(), r.sentBitsPerSecond(), r.receivedBitsPerSecond(), retransmits, r.jitterMs(),
                r.lostPercent(), r.hostCpuPercent(), r.remoteCpuPercent(), r.burstLimitBitsPerSecond(), r.baselineBitsPerSecond(),
                r.percentOfBurstLimit(), r.reverseSentBitsPerSecond(), r.reverseReceivedBitsPerSecond(),
                r.intervalCount(), r.jobId(), r.status(), r.error());
    }
}
