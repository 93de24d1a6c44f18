package com.burstline.server.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a schedule's history: when, what, the job it concerns and, for webhooks, the change point's run and
 * the figure it changed ({@code received}, {@code loaded-p99}, {@code transactions-p99}; null on other lines).
 */
record ScheduleEventView(long id, Instant at, ScheduleEventKind kind, Long jobId, Long runId, String figure,
                         String detail) {
    /** Instant.toString(), as the details were written with it ("skipped the run due at 2026-12-01T03:00:00Z"). */
    private static final Pattern INSTANT = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");

    /**
     * The detail as the page shows it: its text with each time in it split out, so the page can show those times
     * as a {@code <time>} like every other time on the dashboard; the API keeps the detail as it was stored.
     */
    public List<DetailPart> detailParts() {
        List<DetailPart> parts = new ArrayList<>();
        Matcher time = INSTANT.matcher(detail);
        int from = 0;
        while (time.find()) {
            if (time.start() > from) {
                parts.add(new DetailPart(detail.substring(from, time.start()), false));
            }
            parts.add(new DetailPart(time.group(), true));
            from = time.end();
        }
        if (from < detail.length()) {
            parts.add(new DetailPart(detail.substring(from), false));
        }
        return parts;
    }

    /** A piece of a detail: plain text, or (time = true) an ISO-8601 instant. */
    public record DetailPart(String text, boolean time) {
    }
}
