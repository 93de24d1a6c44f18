package com.burstline.server.job;

import java.time.Instant;

/**
 * One entry of a job's history as the API shows it: its kind and figures, and {@code text}, the same in words.
 * {@code scenario} is the scenario's position, 1-based as the job page numbers them; figures a kind does not use are
 * null. The field names are part of the API.
 */
public record JobHistoryView(Instant at, JobHistoryKind kind, String server, String previousServer,
                             Instant lastSeenAt, Integer scenario, Integer attempt, String text) {

    static JobHistoryView of(Instant at, JobHistoryKind kind, String server, String previousServer,
                             Instant lastSeenAt, Integer scenario, Integer attempt) {
        JobHistoryView figures = new JobHistoryView(at, kind, server, previousServer, lastSeenAt, scenario, attempt,
                null);
        return new JobHistoryView(at, kind, server, previousServer, lastSeenAt, scenario, attempt,
                kind.describe(figures));
    }
}
