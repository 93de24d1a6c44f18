package com.burstline.server.job.intake;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySamples;
import com.burstline.contract.LatencySummary;
import com.burstline.server.latency.LatencyStore;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The latency samples relayed for each running scenario attempt, with the latest summary its agent sent: when the
 * SUT's result makes no run (its agent lost; iperf3 3.12 killed by a cancel prints nothing), these are what the
 * scenario's loaded-latency probe or request/response test measured, kept with the run made of its live samples. A
 * result that came but made no run leaves its own, whole report here instead. Bounded per attempt; the runner takes
 * each attempt's report when it ends.
 */
@Component
public class LatencySampleLog {
    private final Map<AttemptKey, Kept> kept = new ConcurrentHashMap<>();

    /** What arrived for an attempt, and whence ({@link LatencyStore#FROM_LIVE_SAMPLES} or its result's). */
    public record Taken(LatencyReport report, String source) {
    }

    private static final class Kept {
        private final List<LatencySample> samples = new ArrayList<>();
        private LatencySummary summary;
        private LatencyReport fromResult;
    }

    /** Called only for samples of an attempt that is running. */
    void add(LatencySamples batch) {
        Kept ofAttempt = kept.computeIfAbsent(batch.key(), k -> new Kept());
        synchronized (ofAttempt) {
            List<LatencySample> samples = batch.report().samples();
            if (ofAttempt.samples.size() + samples.size() <= LatencyReport.MAX_SAMPLES) {
                ofAttempt.samples.addAll(samples);
                ofAttempt.summary = batch.report().summary();
            }
        }
    }

    /** The attempt's result came with this report but made no run: it replaces the live samples, if any are kept. */
    void offer(AttemptKey key, LatencyReport report) {
        kept.computeIfPresent(key, (k, ofAttempt) -> {
            synchronized (ofAttempt) {
                ofAttempt.fromResult = report;
            }
            return ofAttempt;
        });
    }

    /** What arrived for the attempt, forgotten here; null when nothing came. */
    public Taken take(AttemptKey key) {
        Kept ofAttempt = kept.remove(key);
        if (ofAttempt == null) {
            return null;
        }
        synchronized (ofAttempt) {
            if (ofAttempt.fromResult != null) {
                return new Taken(ofAttempt.fromResult, LatencyStore.FROM_RESULT);
            }
            return ofAttempt.summary == null ? null
                    : new Taken(new LatencyReport(ofAttempt.summary, ofAttempt.samples), LatencyStore.FROM_LIVE_SAMPLES);
        }
    }
}
