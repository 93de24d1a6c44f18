package com.burstline.server.schedule;

/** What a schedule's history records. */
enum ScheduleEventKind {
    /** a fire started a job */
    STARTED,
    /** a fire came while the last job was still queued or running, so no job was started */
    SKIPPED,
    /** a fire's job was refused (an agent gone, the queue full): the reasons are in the detail */
    REFUSED,
    /** fires that fell while the server was down; they are not made up */
    MISSED,
    PAUSED,
    RESUMED,
    /** a change point was posted to the webhook */
    NOTIFIED,
    /** posting a change point to the webhook failed; the next run of the schedule tries again */
    NOTIFY_FAILED,
    /** the webhook's signing key was replaced */
    SECRET_ROTATED
}
