package com.burstline.server.job;

/**
 * A job reached its end (succeeded, failed or cancelled), published after the change committed, so a listener reads
 * the job and its runs as stored. Listeners run on the thread that ended the job (the job runner, a result, a
 * cancel): they must hand slow work to a thread of their own.
 */
public record JobEnded(JobView job) {
}
