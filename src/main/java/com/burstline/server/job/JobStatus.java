package com.burstline.server.job;

/** Where a job is. QUEUED and RUNNING are unfinished; a server restart resumes them ({@link JobHistoryKind}). */
public enum JobStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    boolean finished() {
        return this != QUEUED && this != RUNNING;
    }
}
