package com.burstline.server.analysis;

import com.burstline.server.latency.RunLatency;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * latency-under-load: the loaded-latency probe's median round trip during the bulk traffic is at least
 * {@value #MIN_RATIO}× its idle median and at least {@value #MIN_RISE_MS} ms above it: a queue builds under load
 * (bufferbloat). The median, not the p99, decides, because the real runs showed the p99 to be the machine's as much
 * as the queue's (docs/testing.md, LatencyLabIT): on two shared cores at a load of 18 the bare veth's loaded p99 was
 * 32 ms with no queue at all, while the median stayed under 1 ms; into {@code tbf rate 1gbit latency 50ms} the
 * median rose past 10 ms, and into {@code latency 1ms} (a 1 MB burst: at most 9 ms of queue at 1 Gbit/s) it stayed
 * under 10 ms. Both percentiles and ratios are in the finding's data. A request/response run has no idle and loaded
 * figures and never gets this finding.
 */
final class LatencyRule {
    static final String KIND = "latency-under-load";
    static final double MIN_RATIO = 4;
    static final double MIN_RISE_MS = 10;

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
        if (ratio == null || ratio < MIN_RATIO || loaded - idle < MIN_RISE_MS) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("idleP50Ms", idle);
        data.put("loadedP50Ms", loaded);
        data.put("loadedToIdleP50Ratio", ratio);
        data.put("idleP99Ms", latency.idle().p99Ms());
        data.put("loadedP99Ms", latency.loaded().p99Ms());
        data.put("loadedToIdleP99Ratio", latency.loadedToIdleP99Ratio());
        data.put("minRatio", MIN_RATIO);
        data.put("minRiseMs", MIN_RISE_MS);
        String message = String.format(Locale.ROOT, "A queue builds under load: the probe's median round trip went "
                        + "from %s idle to %s during the bulk traffic (×%.0f; p99 %s → %s). Check what holds the "
                        + "queue on the sending side: BQL (byte queue limits), the NIC's TX ring size (ethtool -g), "
                        + "interrupt moderation (ethtool -c), the qdisc (fq_codel or fq keep it short) and any "
                        + "shaper's queue on the path.", ms(idle), ms(loaded), ratio,
                ms(latency.idle().p99Ms()), ms(latency.loaded().p99Ms()));
        return Optional.of(new Finding(runId, KIND, Finding.WARNING, message, data));
    }

    private static String ms(Double value) {
        if (value == null) {
            return "unknown";
        }
        return String.format(Locale.ROOT, value < 10 ? "%.2f ms" : "%.0f ms", value);
    }
}
