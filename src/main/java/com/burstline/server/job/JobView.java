package com.burstline.server.job;

import java.time.Instant;
import java.util.List;

/**
 * A job as the API shows it, with every scenario in the order they run. The field names are part of the API.
 * {@code scheduleId} is the schedule that started the job, null for a job started by hand (or whose schedule was
 * deleted).
 */
public record JobView(long id, JobStatus status, String sut, String peer, String plan, int repeat,
                      Integer durationSeconds, String onFailure, List<String> tags, Instant createdAt,
                      Instant startedAt, Instant finishedAt, String error, List<ScenarioView> scenarios,
                      Long scheduleId) {

    /** Queued or running: a schedule does not start another job while its last one is unfinished. */
    public boolean unfinished() {
        return !status.finished();
    }
}
