package com.burstline.server.job;

/** Cancelling a job that has already finished. Answered with 409. */
public class JobFinishedException extends RuntimeException {
    JobFinishedException(long id, JobStatus status) {
        super("Job " + id + " has already finished (" + status + "); there is nothing to cancel.");
    }
}
