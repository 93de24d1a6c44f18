package com.burstline.server.job;

import java.util.List;

/** {@code POST /api/v1/agents/{name}/live}: throughput samples of a running scenario (docs/agent-protocol.md). */
record LiveSamples(Long jobId, Long scenarioId, Integer attempt, String source, List<Sample> samples) {

    record Sample(Double start, Double end, Double bitsPerSecond, String stream) {
    }
}
