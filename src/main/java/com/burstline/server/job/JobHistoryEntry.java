package com.burstline.server.job;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;

import java.time.Instant;

/** One entry of a job's history ({@link JobHistoryKind}); written with the job, under its row lock. */
@Entity
@Table(name = "job_history")
class JobHistoryEntry extends JobRow {
    private Instant occurredAt;
    @Enumerated(EnumType.STRING)
    private JobHistoryKind kind;
    @Column(name = "server_id")
    private String server;
    private String previousServer;
    private Instant lastSeenAt;
    /** 1-based, as pages number scenarios. */
    private Integer scenarioPosition;
    private Integer attempt;

    protected JobHistoryEntry() {
        // for JPA
    }

    JobHistoryEntry(Job job, Instant at, JobHistoryKind kind, String server, String previousServer,
                    Instant lastSeenAt, Integer scenarioPosition, Integer attempt) {
        super(job);
        this.occurredAt = at;
        this.kind = kind;
        this.server = server;
        this.previousServer = previousServer;
        this.lastSeenAt = lastSeenAt;
        this.scenarioPosition = scenarioPosition;
        this.attempt = attempt;
    }

    JobHistoryKind kind() {
        return kind;
    }

    Instant occurredAt() {
        return occurredAt;
    }

    JobHistoryView toView() {
        return JobHistoryView.of(occurredAt, kind, server, previousServer, lastSeenAt, scenarioPosition, attempt);
    }
}
