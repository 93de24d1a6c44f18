package com.burstline.server.schedule;

/** Names tell schedules apart on the page and in webhooks, so two may not share one (409). */
public class ScheduleNameTakenException extends RuntimeException {
    ScheduleNameTakenException(String name, long existing) {
        super("A schedule named '" + name + "' exists already (schedule " + existing + "); choose another name.");
    }
}
