package com.burstline.server.job;

import java.util.List;

/**
 * {@code POST /api/v1/jobs}: a plan by name or a list of scenarios, between two registered agents. Everything is
 * checked by {@link JobRules}; nothing here is trusted.
 */
record JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
                  List<String> tags, Integer durationSeconds, String onFailure, List<String> probeDirections,
                  Integer maxDurationSeconds) {

    /** A request without the burst probe's settings ({@link BurstProbePlan}). */
    JobRequest(String sut, String peer, String plan, List<ScenarioRequest> scenarios, Integer repeat,
               List<String> tags, Integer durationSeconds, String onFailure) {
        this(sut, peer, plan, scenarios, repeat, tags, durationSeconds, onFailure, null, null);
    }

    record ScenarioRequest(String protocol, String direction, Integer streams, Integer durationSeconds,
                           Double intervalSeconds, Integer omitSeconds, Long targetBitsPerSecond) {
    }
}
