package com.burstline.server.schedule;

import com.burstline.server.job.JobRequest;

import java.time.Instant;

/**
 * A schedule as the API shows it; the field names are part of the API. {@code nextRunAt} is null while paused;
 * {@code jobTemplate} is the job request as it was given.
 */
record ScheduleView(long id, String name, String cron, String timeZone, ScheduleState state, Instant nextRunAt,
                    Long lastJobId, String notifyUrl, Instant createdAt, JobRequest jobTemplate) {
}
