package com.burstline.server.schedule;

import com.burstline.server.job.planning.JobRequest;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.net.URI;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A schedule as the API shows it; the field names are part of the API. {@code nextRunAt} is null while paused;
 * {@code jobTemplate} is the job request as it was given. {@code webhookSecret} is there only in the answer that made
 * it (creation, rotation): the server shows a key once.
 */
record ScheduleView(long id, String name, String cron, String timeZone, ScheduleState state, Instant nextRunAt,
                    Long lastJobId, String notifyUrl, Instant createdAt, JobRequest jobTemplate,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String webhookSecret) {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    ScheduleView withSecret(String secret) {
        return new ScheduleView(id, name, cron, timeZone, state, nextRunAt, lastJobId, notifyUrl, createdAt,
                jobTemplate, secret);
    }

    /**
     * What a viewer sees: the webhook's scheme and host, not its path and query, which often carry a receiver's own
     * token.
     */
    ScheduleView forViewer() {
        if (notifyUrl == null) {
            return this;
        }
        URI url = URI.create(notifyUrl);
        String shown = url.getScheme() + "://" + url.getHost() + (url.getPort() > 0 ? ":" + url.getPort() : "") + "/…";
        return new ScheduleView(id, name, cron, timeZone, state, nextRunAt, lastJobId, shown, createdAt, jobTemplate,
                null);
    }

    /** "2026-12-02 03:00:00 Europe/Berlin (02:00:00 UTC)": how the pages show the next run; null while paused. */
    public String nextRunInZone() {
        if (nextRunAt == null) {
            return null;
        }
        String local = LOCAL.format(nextRunAt.atZone(ZoneId.of(timeZone))) + " " + timeZone;
        return "UTC".equals(timeZone) ? local : local + " (" + LOCAL.format(nextRunAt.atZone(ZoneOffset.UTC))
                .substring(11) + " UTC)";
    }
}
