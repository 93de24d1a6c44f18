package com.burstline.server.schedule;

import java.time.Instant;

/** One line of a schedule's history: when, what, the job it concerns and, for webhooks, the change point's run. */
record ScheduleEventView(long id, Instant at, ScheduleEventKind kind, Long jobId, Long runId, String detail) {
}
