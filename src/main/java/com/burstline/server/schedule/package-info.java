/**
 * Schedules: a cron expression in a time zone that starts a job from a template (the body of
 * {@code POST /api/v1/jobs}, checked by the job rules) through {@link com.burstline.server.job.JobTemplates}; a fire
 * while the schedule's last job is unfinished is skipped and recorded. After a schedule's job ends, the newest change
 * point of each of its runs' series ({@link com.burstline.server.trend.SeriesChanges}) may be posted to the
 * schedule's webhook. The API is under {@code /api/v1/schedules}, the page is {@code /schedules}.
 */
package com.burstline.server.schedule;
