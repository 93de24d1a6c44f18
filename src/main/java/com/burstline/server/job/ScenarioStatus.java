package com.burstline.server.job;

/** Where one scenario of a job is. SKIPPED: an earlier scenario failed and the job was told to stop on failure. */
public enum ScenarioStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED, SKIPPED;

    boolean finished() {
        return this != QUEUED && this != RUNNING;
    }
}
