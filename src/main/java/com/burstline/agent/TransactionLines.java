package com.burstline.agent;

import com.burstline.contract.Json;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the engine's request/response client's output line by line as it prints it ({@code rr -c}, docs/engine.md):
 * each interval's sample goes to the listener at once with the summary so far, and what was read makes the report,
 * whole or, when the client was stopped early, up to its last interval. Read with the contract's own records, the
 * same the server stores them with.
 */
final class TransactionLines {
    private final LatencyListener listener;
    private final List<LatencySample> samples = new ArrayList<>();
    private LatencySummary summary;

    TransactionLines(LatencyListener listener) {
        this.listener = listener;
    }

    @SuppressWarnings("unchecked")
    void accept(String line) {
        if (!line.startsWith("{\"event\":\"interval\"") && !line.startsWith("{\"event\":\"end\"")) {
            return;
        }
        try {
            Map<String, Object> event = Json.parseObject(line.getBytes(StandardCharsets.UTF_8));
            Map<String, Object> data = (Map<String, Object>) event.get("data");
            LatencySummary read = LatencySummary.fromJson((Map<String, Object>) data.get("summary"));
            if ("interval".equals(event.get("event"))) {
                LatencySample sample = LatencySample.fromJson((Map<String, Object>) data.get("sample"));
                record(sample, read);
                listener.interval(sample, read);
            } else {
                record(null, read);
            }
        } catch (IllegalArgumentException | ClassCastException | NullPointerException bad) {
            // a line that is not what the engine writes: the raw output keeps it; the report does without it
        }
    }

    private synchronized void record(LatencySample sample, LatencySummary read) {
        if (sample != null && samples.size() < LatencyReport.MAX_SAMPLES) {
            samples.add(sample);
        }
        summary = read;
    }

    /** Everything read; null when not one interval or summary came. */
    synchronized LatencyReport report() {
        return summary == null ? null : new LatencyReport(summary, samples);
    }
}
