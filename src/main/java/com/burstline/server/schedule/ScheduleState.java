package com.burstline.server.schedule;

/** An active schedule fires at its next time; a paused one has no next time until it is resumed. */
enum ScheduleState {
    ACTIVE, PAUSED
}
