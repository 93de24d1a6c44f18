package com.burstline.server.analysis;

import com.burstline.server.latency.RunLatency;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * latency-under-load reads the median: the real loopback probe (src/test/resources/latency) saw its loaded p99 rise
 * ×177 over idle from the shared machine's scheduling while its median stayed at 0.2 ms, and no queue built. The
 * queue that does build is LatencyLabIT's (tbf with 50 ms of queue), where the finding fires.
 */
class LatencyRuleTest {
    @Test
    void aTailFromTheSchedulerWithAFlatMedianIsNoQueue() throws IOException {
        RunLatency loopback = probe();

        assertThat(loopback.loadedToIdleP99Ratio()).isGreaterThan(100);
        assertThat(LatencyRule.of(7, loopback)).isEmpty();
    }

    @Test
    void aRunWithoutIdleAndLoadedFiguresHasNoFinding() {
        assertThat(LatencyRule.of(7, null)).isEmpty();
    }

    /** The probe's summary as the API serves it: the stored figures and the server's ratios (LatencyFigures). */
    private static RunLatency probe() throws IOException {
        try (InputStream in = LatencyRuleTest.class.getResourceAsStream("/latency/probe-report-loopback.json")) {
            JsonNode summary = JsonMapper.shared().readTree(in).get("summary");
            RunLatency.Figures idle = figures(summary.get("idle"));
            RunLatency.Figures loaded = figures(summary.get("loaded"));
            return new RunLatency(7, "loaded-latency", "result", "UDP", 64, 1, 50.0, 3.0, 1000.0, 6.6, null, idle,
                    loaded, null, null, null, loaded.p50Ms() / idle.p50Ms(), loaded.p99Ms() / idle.p99Ms(), null,
                    null, null, List.of());
        }
    }

    private static RunLatency.Figures figures(JsonNode stats) {
        return new RunLatency.Figures(stats.get("answered").longValue(), stats.get("lost").longValue(), 0.0,
                stats.get("minMs").doubleValue(), stats.get("p50Ms").doubleValue(), stats.get("p90Ms").doubleValue(),
                stats.get("p99Ms").doubleValue(), stats.get("p999Ms").doubleValue(),
                stats.get("maxMs").doubleValue(), stats.get("meanMs").doubleValue());
    }
}
