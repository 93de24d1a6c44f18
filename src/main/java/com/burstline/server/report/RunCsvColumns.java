package com.burstline.server.report;

import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunSummary;

import java.util.Arrays;

/**
 * The runs CSV: the summary's API fields, in the API's names, tags joined by ';'. {@code status} is the job
 * scenario's (SUCCEEDED, FAILED for a partial run or a late result) or {@code uploaded}; {@code runStatus} is the
 * run's own ({@code complete} or {@code partial}, with its {@code error}); the reverse columns hold a bidir run's
 * other direction. Columns added later come last, so that a reader that picks columns by position keeps working:
 * {@code percentOfTarget} is a UDP run's sent rate as a share of its target (empty for TCP); then the run's latency
 * ({@code GET /api/v1/runs/{id}/latency}, ms; empty without it): the loaded-latency probe's idle and loaded round
 * trips and their p99 ratio, or a request/response run's transactions.
 */
final class RunCsvColumns {
    static final String UPLOADED = "uploaded";
    static final Object[] HEADER = {"id", "jobId", "status", "sut", "peer", "instanceType", "driver", "tags", "tool",
            "toolVersion", "outputFormat", "side", "startedAt", "uploadedAt", "protocol", "direction", "streams",
            "durationSeconds", "omitSeconds", "targetBitsPerSecond", "sentBitsPerSecond", "receivedBitsPerSecond",
            "reverseSentBitsPerSecond", "reverseReceivedBitsPerSecond", "retransmits", "jitterMs", "lostPercent",
            "hostCpuPercent", "remoteCpuPercent", "burstLimitBitsPerSecond", "baselineBitsPerSecond",
            "percentOfBurstLimit", "intervalCount", "runStatus", "error", "percentOfTarget", "latencyKind",
            "idleP50Ms", "idleP99Ms", "loadedP50Ms", "loadedP90Ms", "loadedP99Ms", "loadedMaxMs", "loadedLost",
            "loadedToIdleP99Ratio", "transactionsPerSecond", "transactionsP50Ms", "transactionsP99Ms",
            "transactionsP999Ms", "transactionsLost"};

    private RunCsvColumns() {
    }

    /** @param latency the run's latency figures; null when it has none */
    static Object[] values(RunSummary run, String status, RunLatency latency) {
        Object[] summary = summary(run, status);
        Object[] row = Arrays.copyOf(summary, HEADER.length);
        if (latency != null) {
            RunLatency.Figures idle = latency.idle();
            RunLatency.Figures loaded = latency.loaded();
            RunLatency.Figures rr = latency.transactions();
            Object[] figures = {latency.kind(), idle == null ? null : idle.p50Ms(), idle == null ? null : idle.p99Ms(),
                    loaded == null ? null : loaded.p50Ms(), loaded == null ? null : loaded.p90Ms(),
                    loaded == null ? null : loaded.p99Ms(), loaded == null ? null : loaded.maxMs(),
                    loaded == null ? null : loaded.lost(), latency.loadedToIdleP99Ratio(),
                    latency.transactionsPerSecond(), rr == null ? null : rr.p50Ms(), rr == null ? null : rr.p99Ms(),
                    rr == null ? null : rr.p999Ms(), rr == null ? null : rr.lost()};
            System.arraycopy(figures, 0, row, summary.length, figures.length);
        }
        return row;
    }

    private static Object[] summary(RunSummary run, String status) {
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
