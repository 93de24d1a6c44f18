package com.burstline.server.report;

import com.burstline.server.run.RunSummary;

/**
 * The runs CSV: the summary's API fields, in the API's names, tags joined by ';'. {@code status} is the job
 * scenario's (SUCCEEDED, FAILED for a partial run or a late result) or {@code uploaded}; {@code runStatus} is the
 * run's own ({@code complete} or {@code partial}, with its {@code error}); the reverse columns hold a bidir run's
 * other direction. Columns added later come last, so that a reader that picks columns by position keeps working:
 * {@code percentOfTarget} is a UDP run's sent rate as a share of its target (empty for TCP).
 */
final class RunCsvColumns {
    static final String UPLOADED = "uploaded";
    static final Object[] HEADER = {"id", "jobId", "status", "sut", "peer", "instanceType", "driver", "tags", "tool",
            "toolVersion", "outputFormat", "side", "startedAt", "uploadedAt", "protocol", "direction", "streams",
            "durationSeconds", "omitSeconds", "targetBitsPerSecond", "sentBitsPerSecond", "receivedBitsPerSecond",
            "reverseSentBitsPerSecond", "reverseReceivedBitsPerSecond", "retransmits", "jitterMs", "lostPercent",
            "hostCpuPercent", "remoteCpuPercent", "burstLimitBitsPerSecond", "baselineBitsPerSecond",
            "percentOfBurstLimit", "intervalCount", "runStatus", "error", "percentOfTarget"};

    private RunCsvColumns() {
    }

    static Object[] values(RunSummary run, String status) {
        return new Object[]{run.id(), run.jobId(), status == null ? UPLOADED : status, run.sut(), run.peer(),
                run.instanceType(), run.driver(), String.join(";", run.tags()), run.tool(), run.toolVersion(),
                run.outputFormat(), run.side(), run.startedAt(), run.uploadedAt(), run.protocol(), run.direction(),
                run.streams(), run.durationSeconds(), run.omitSeconds(), run.targetBitsPerSecond(),
                run.sentBitsPerSecond(), run.receivedBitsPerSecond(), run.reverseSentBitsPerSecond(),
                run.reverseReceivedBitsPerSecond(), run.retransmits(), run.jitterMs(), run.lostPercent(),
                run.hostCpuPercent(), run.remoteCpuPercent(), run.burstLimitBitsPerSecond(),
                run.baselineBitsPerSecond(), run.percentOfBurstLimit(), run.intervalCount(), run.status(),
                run.error(), run.percentOfTarget()};
    }
}
