package com.burstline.server.job;

/** A job was stored as queued, published after it committed, so that the runner starts it if its agents are free. */
public record JobQueued(long jobId) {
}
