package com.burstline.server.job;

/** Where a job is. QUEUED and RUNNING are unfinished; a server restart turns them into FAILED. */
public enum JobStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    boolean finished() {
        return this != QUEUED && this != RUNNING;
    }
}
