package com.burstline.server.schedule;

public class ScheduleNotFoundException extends RuntimeException {
    ScheduleNotFoundException(long id) {
        super("There is no schedule " + id + " (see GET /api/v1/schedules).");
    }
}
