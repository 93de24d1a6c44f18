package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.FigureText;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * latency-under-load (the catalog's {@link FindingKind#LATENCY_UNDER_LOAD}): the loaded-latency probe's median round
 * trip during the bulk traffic is at least {@link Thresholds#LATENCY_RATIO} its idle median and at least
 * {@link Thresholds#LATENCY_RISE} above it: a queue builds under load (bufferbloat). The median, not the p99,
 * decides, because the real runs showed the p99 to be the machine's as much as the queue's (docs/testing.md,
 * LatencyLabIT): on two shared cores at a load of 18 the bare veth's loaded p99 was 32 ms with no queue at all, while
 * the median stayed under 1 ms; into {@code tbf rate 1gbit latency 50ms} the median rose past 10 ms, and into
 * {@code latency 1ms} (a 1 MB burst: at most 9 ms of queue at 1 Gbit/s) it stayed under 10 ms. Both percentiles and
 * ratios are in the finding's data. A request/response run has no idle and loaded figures and never gets this finding.
 */
final class LatencyRule {
    private LatencyRule() {
    }

    static Optional<Finding> of(long runId, RunLatency latency) {
        if (latency == null || latency.idle() == null || latency.loaded() == null
                || latency.idle().p50Ms() == null || latency.loaded().p50Ms() == null) {
            return Optional.empty();
        }
        double idle = latency.idle().p50Ms();
        double loaded = latency.loaded().p50Ms();
        Double ratio = latency.loadedToIdleP50Ratio();
        if (ratio == null || ratio < Thresholds.LATENCY_RATIO.value()
                || loaded - idle < Thresholds.LATENCY_RISE.value()) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("idleP50Ms", idle);
        data.put("loadedP50Ms", loaded);
        data.put("loadedToIdleP50Ratio", ratio);
        data.put("idleP99Ms", latency.idle().p99Ms());
        data.put("loadedP99Ms", latency.loaded().p99Ms());
        data.put("loadedToIdleP99Ratio", latency.loadedToIdleP99Ratio());
        data.put("minRatio", Thresholds.LATENCY_RATIO.value());
        data.put("minRiseMs", Thresholds.LATENCY_RISE.value());
        String headline = "A queue builds under load: the probe's median round trip went from " + FigureText.ms(idle)
                + " idle to " + FigureText.ms(loaded) + " during the bulk traffic (" + FigureText.times(ratio)
                + "; p99 " + FigureText.ms(latency.idle().p99Ms()) + " → " + FigureText.ms(latency.loaded().p99Ms())
                + ").";
        return Optional.of(Finding.of(runId, FindingKind.LATENCY_UNDER_LOAD, headline,
                FindingKind.LATENCY_UNDER_LOAD.guidance().next(), data));
    }
}
