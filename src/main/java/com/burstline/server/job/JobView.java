package com.burstline.server.job;

import java.time.Instant;
import java.util.List;

/** A job as the API shows it, with every scenario in the order they run. The field names are part of the API. */
public record JobView(long id, JobStatus status, String sut, String peer, String plan, int repeat,
                      Integer durationSeconds, String onFailure, List<String> tags, Instant createdAt,
                      Instant startedAt, Instant finishedAt, String error, List<ScenarioView> scenarios) {
}
