package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySamples;
import com.burstline.server.cluster.ClusterNotifications;
import com.burstline.server.latency.LatencyStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.List;

/**
 * The latency samples of each running scenario attempt ({@code POST /api/v1/agents/{name}/latency}: its
 * loaded-latency probe's, or a request/response scenario's), with the latest summary its agent sent: when the SUT's
 * result makes no run (its agent lost; iperf3 3.12 killed by a cancel prints nothing), these are what the scenario
 * measured, kept with the run made of its live samples. A result that came but made no run leaves its own, whole
 * report instead. Both are kept as {@link BatchLog} says (in the database where servers share it, kinds 'latency'
 * and 'latency-result'), so the runner finds them whichever server took them; it takes each attempt's when it ends.
 */
@Component
public class LatencySampleLog {
    private final BatchLog<LatencyBatch> live;
    private final BatchLog<LatencyBatch> fromResults;

    LatencySampleLog(JdbcTemplate jdbc, TransactionTemplate transaction, ClusterNotifications cluster) {
        live = new BatchLog<>(new BatchLog.Kind<>("latency", ClusterNotifications.Topic.LATENCY,
                LatencyBatch.class, LatencyReport.MAX_SAMPLES, batch -> batch.report().samples().size()),
                jdbc, transaction, cluster);
        fromResults = new BatchLog<>(new BatchLog.Kind<>("latency-result", null, LatencyBatch.class,
                LatencyReport.MAX_SAMPLES, batch -> batch.report().samples().size()), jdbc, transaction, cluster);
    }

    /** What arrived for an attempt, and whence ({@link LatencyStore#FROM_LIVE_SAMPLES} or its result's). */
    public record Taken(LatencyReport report, String source) {
    }

    /** Keeps samples of an attempt that is running (the caller checked it runs); false past the bound (dropped). */
    public boolean add(LatencySamples samples) {
        return live.add(samples.key(), LatencyBatch.of(samples));
    }

    /** The attempt's result came with this report but made no run: it replaces the live samples, if any are kept. */
    public void offer(AttemptKey key, LatencyReport report) {
        if (live.after(key, 0).isEmpty()) {
            return;
        }
        List<LatencySample> samples = report.samples();
        int from = 0;
        do { // in rows of a message's samples at most; a report without samples still keeps its summary
            int to = Math.min(samples.size(), from + LatencySamples.MAX_SAMPLES);
            fromResults.add(key, new LatencyBatch(key, new LatencyReport(report.summary(), samples.subList(from, to))));
            from = to;
        } while (from < samples.size());
    }

    /** What arrived for the attempt, forgotten here; null when nothing came. */
    public Taken take(AttemptKey key) {
        List<LatencyBatch> ofResult = fromResults.take(key);
        List<LatencyBatch> batches = live.take(key);
        if (!ofResult.isEmpty()) {
            return new Taken(joined(ofResult), LatencyStore.FROM_RESULT);
        }
        return batches.isEmpty() ? null : new Taken(joined(batches), LatencyStore.FROM_LIVE_SAMPLES);
    }

    /** As {@link BatchLog#forgetJob}. */
    public void forgetJob(long jobId) {
        live.forgetJob(jobId);
        fromResults.forgetJob(jobId);
    }

    /** The batches a job's event streams relay. */
    BatchLog<LatencyBatch> relayed() {
        return live;
    }

    /**
     * The batches' samples in order with the last one's summary, up to a report's bound: each server that takes an
     * attempt's samples bounds its own.
     */
    private static LatencyReport joined(List<LatencyBatch> batches) {
        List<LatencySample> samples = new ArrayList<>();
        for (LatencyBatch batch : batches) {
            List<LatencySample> more = batch.report().samples();
            samples.addAll(more.subList(0, Math.min(more.size(), LatencyReport.MAX_SAMPLES - samples.size())));
        }
        return new LatencyReport(batches.get(batches.size() - 1).report().summary(), samples);
    }
}
