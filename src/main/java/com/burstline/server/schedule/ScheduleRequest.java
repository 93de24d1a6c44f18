package com.burstline.server.schedule;

import com.burstline.server.job.planning.JobRequest;

/**
 * {@code POST /api/v1/schedules}: a name, when ({@code cron} in {@code timeZone}, default UTC), the job to start
 * (exactly the body of {@code POST /api/v1/jobs}) and, optionally, where to post a change point. Checked by
 * {@link ScheduleRules}.
 */
record ScheduleRequest(String name, String cron, String timeZone, JobRequest jobTemplate, String notifyUrl) {
}
