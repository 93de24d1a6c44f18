package com.burstline.server.job;

import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MappedSuperclass;

/**
 * A row of a job's own tables ({@link JobScenario}, {@link JobHistoryEntry}): its generated id and the job it belongs
 * to ({@code job_id}), mapped once. The job holds its rows and removes them with it.
 */
@MappedSuperclass
abstract class JobRow {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;

    protected JobRow() {
        // for JPA
    }

    JobRow(Job job) {
        this.job = job;
    }

    Long id() {
        return id;
    }

    Job job() {
        return job;
    }
}
