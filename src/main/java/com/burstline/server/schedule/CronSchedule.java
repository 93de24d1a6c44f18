package com.burstline.server.schedule;

import org.springframework.scheduling.support.CronExpression;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * When a schedule fires: Spring's {@link CronExpression} (six fields, seconds first, or the macros such as
 * {@code @daily}) read in a time zone, so "0 0 3 * * *" in Europe/Berlin is 03:00 there in summer and winter alike.
 * Five fields, as Unix cron writes them, mean second 0.
 */
record CronSchedule(CronExpression expression, ZoneId zone) {
    static final String DEFAULT_ZONE = "UTC";
    static final int MAX_LENGTH = 200;

    /** Null when the fields are wrong; every problem is added to {@code problems}. */
    static CronSchedule parse(String cron, String timeZone, List<String> problems) {
        ZoneId zone = zone(timeZone, problems);
        CronExpression expression = expression(cron, problems);
        if (zone == null || expression == null) {
            return null;
        }
        CronSchedule schedule = new CronSchedule(expression, zone);
        if (schedule.nextAfter(Instant.now()) == null) {
            problems.add("cron '" + cron + "' never fires (no such date comes again)");
            return null;
        }
        return schedule;
    }

    /** For a schedule that was checked when it was stored. */
    static CronSchedule of(String cron, String timeZone) {
        return new CronSchedule(CronExpression.parse(sixFields(cron)), ZoneId.of(timeZone));
    }

    /** The first fire strictly after {@code instant}; null when it never fires again. */
    Instant nextAfter(Instant instant) {
        ZonedDateTime next = expression.next(instant.atZone(zone));
        return next == null ? null : next.toInstant();
    }

    private static CronExpression expression(String cron, List<String> problems) {
        if (cron == null || cron.isBlank()) {
            problems.add("cron is missing: give six fields (second minute hour day-of-month month day-of-week), "
                    + "e.g. '0 0 3 * * *' for 03:00 every day, or '*/30 * * * * *' for every 30 seconds");
            return null;
        }
        if (cron.length() > MAX_LENGTH) {
            problems.add("cron must be at most " + MAX_LENGTH + " characters, not " + cron.length());
            return null;
        }
        try {
            return CronExpression.parse(sixFields(cron));
        } catch (IllegalArgumentException wrong) {
            problems.add("cron '" + cron + "' is not a cron expression (" + wrong.getMessage() + "); give six "
                    + "fields (second minute hour day-of-month month day-of-week), e.g. '0 0 3 * * *' for 03:00 "
                    + "every day, or five without the seconds");
            return null;
        }
    }

    private static ZoneId zone(String timeZone, List<String> problems) {
        try {
            return ZoneId.of(timeZone == null || timeZone.isBlank() ? DEFAULT_ZONE : timeZone.strip());
        } catch (DateTimeException unknown) {
            problems.add("timeZone '" + timeZone + "' is not a time zone; give an IANA name such as "
                    + "Europe/Berlin or America/New_York, or UTC");
            return null;
        }
    }

    private static String sixFields(String cron) {
        String trimmed = cron.strip();
        return trimmed.startsWith("@") || trimmed.split("\\s+").length != 5 ? trimmed : "0 " + trimmed;
    }
}
