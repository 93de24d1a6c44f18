package com.burstline.server.report;

import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunSummary;

import java.util.Arrays;

/**
 * The runs CSV: the summary's API fields, in the API's names, tags joined by ';'. {@code status} is the job
 * scenario's (SUCCEEDED, FAILED for a partial run or a late result) or {@code uploaded}; {@code runStatus} is the
 * run's own ({@code complete} or {@code partial}, with its {@code error}); the reverse columns hold a bidir run's
 * other direction. Columns added later come last, so that a reader that picks columns by position keeps working:
 * {@code sentShareOfTarget} is a UDP run's sent rate as a share of its target (empty for TCP),
 * {@code receivedShareOfTarget} what arrived of any run's -b target, {@code shareOfBaseline} what arrived of the
 * baseline, {@code verdict} what decided the received figure (the findings catalog's id) and {@code verdictText} that in words; then the run's latency
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
            "shareOfBurstLimit", "intervalCount", "runStatus", "error", "sentShareOfTarget", "receivedShareOfTarget",
            "shareOfBaseline", "senderCpuPercent", "receiverCpuPercent", "verdict", "verdictText", "latencyKind",
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
        var scenario = run.scenario();
        var figures = run.figures();
        var measurement = run.measurement();
        return new Object[]{run.id(), run.jobId(), status == null ? UPLOADED : status, run.labels().sut(),
                run.labels().peer(), run.labels().instanceType(), run.labels().driver(),
                String.join(";", run.labels().tags()), scenario.tool(), run.toolVersion(), run.outputFormat(),
                measurement.side().apiName(), run.startedAt(), run.uploadedAt(), scenario.protocol().name(),
                scenario.direction().apiName(), scenario.streams(), scenario.durationSeconds(),
                scenario.omitSeconds(), scenario.targetBitsPerSecond(), figures.sentBitsPerSecond(),
                figures.receivedBitsPerSecond(), figures.reverseSentBitsPerSecond(),
                figures.reverseReceivedBitsPerSecond(), figures.retransmits(), figures.jitterMs(),
                figures.lostPercent(), figures.hostCpuPercent(), figures.remoteCpuPercent(),
                run.limits().burstLimitBitsPerSecond(), run.limits().baselineBitsPerSecond(),
                measurement.shareOfBurstLimit(), run.intervalCount(), run.status(), run.error(),
                measurement.sentShareOfTarget(), measurement.receivedShareOfTarget(), measurement.shareOfBaseline(),
                measurement.senderCpuPercent(), measurement.receiverCpuPercent(), run.verdict().id().id(),
                run.text().verdict()};
    }
}
