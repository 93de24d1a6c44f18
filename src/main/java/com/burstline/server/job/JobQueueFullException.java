package com.burstline.server.job;

/** Answered 429: as many jobs wait as the one worker is allowed to queue up. */
public class JobQueueFullException extends RuntimeException {
    JobQueueFullException(int limit) {
        super(limit + " jobs are already waiting to run, the most the server queues; try again when some have run "
                + "(GET /api/v1/jobs shows them), or cancel some");
    }
}
