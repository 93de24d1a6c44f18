package com.burstline.server.report;

import com.burstline.server.run.RunSummary;

/** The runs CSV: the summary's API fields, in the API's names, tags joined by ';'. */
final class RunCsvColumns {
    static final Object[] HEADER = {"id", "sut", "peer", "instanceType", "driver", "tags", "tool", "toolVersion",
            "outputFormat", "startedAt", "uploadedAt", "protocol", "direction", "streams", "durationSeconds",
            "omitSeconds", "targetBitsPerSecond", "sentBitsPerSecond", "receivedBitsPerSecond", "retransmits",
            "jitterMs", "lostPercent", "hostCpuPercent", "remoteCpuPercent", "burstLimitBitsPerSecond",
            "baselineBitsPerSecond", "percentOfBurstLimit", "intervalCount"};

    private RunCsvColumns() {
    }

    static Object[] values(RunSummary run) {
        return new Object[]{run.id(), run.sut(), run.peer(), run.instanceType(), run.driver(),
                String.join(";", run.tags()), run.tool(), run.toolVersion(), run.outputFormat(), run.startedAt(),
                run.uploadedAt(), run.protocol(), run.direction(), run.streams(), run.durationSeconds(),
                run.omitSeconds(), run.targetBitsPerSecond(), run.sentBitsPerSecond(), run.receivedBitsPerSecond(),
                run.retransmits(), run.jitterMs(), run.lostPercent(), run.hostCpuPercent(), run.remoteCpuPercent(),
                run.burstLimitBitsPerSecond(), run.baselineBitsPerSecond(), run.percentOfBurstLimit(),
                run.intervalCount()};
    }
}
