package com.burstline.server.job;

/**
 * What a job's history records beyond its scenarios' outcomes: the one catalog of these kinds, each with what it
 * means in words (the job page and the API's {@code text} say it with the entry's figures).
 */
public enum JobHistoryKind {
    /** The job's server stopped (SIGTERM) and gave the job back; the scenario in flight runs on at its agents. */
    STOPPED("server %s stopped at %s and gave the job back"),
    /** The service started again while the job was queued or running; nothing of it is lost. */
    RESTARTED("server %s restarted at %s (last seen %s)"),
    /** Another server's lease ran out (it died or lost the database), and this server took the job. */
    TAKEN_OVER("server %s took the job over at %s from server %s (last seen %s)"),
    /** The job runs on from this scenario (1-based). */
    RESUMED("resumed at scenario %d"),
    /** The scenario in flight when its server went away was settled by the result its agent delivered. */
    SETTLED("scenario %d was settled by the result its agent delivered (attempt %d)"),
    /** No result of the scenario in flight came, so it is run again, once. */
    RERUN("scenario %d is run again (attempt %d): no result of the attempt in flight arrived"),
    /** The scenario was in flight at two server losses in a row: it is not run a third time. */
    GAVE_UP("scenario %d failed: its attempt %d was in flight when a server went away, after it had been run again");

    private final String words;

    JobHistoryKind(String words) {
        this.words = words;
    }

    /** The entry in words, made from its figures; used by the view the API and page show. */
    String describe(JobHistoryView entry) {
        return switch (this) {
            case STOPPED -> words.formatted(entry.server(), entry.at());
            case RESTARTED -> words.formatted(entry.server(), entry.at(), or(entry.lastSeenAt()));
            case TAKEN_OVER -> words.formatted(entry.server(), entry.at(), entry.previousServer(),
                    or(entry.lastSeenAt()));
            case RESUMED -> words.formatted(entry.scenario());
            case SETTLED, RERUN, GAVE_UP -> words.formatted(entry.scenario(), entry.attempt());
        };
    }

    private static Object or(Object value) {
        return value == null ? "unknown" : value;
    }
}
