package com.burstline.server.schedule;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One line of a schedule's history. */
@Entity
@Table(name = "schedule_event")
class ScheduleEvent {
    static final int MAX_DETAIL = 2000;

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private long scheduleId;
    private Instant occurredAt;
    @Enumerated(EnumType.STRING)
    private ScheduleEventKind kind;
    private Long jobId;
    private Long runId;
    /** For a webhook line, the trend figure whose change point it told of ({@code received}, {@code loaded-p99}, …). */
    private String figure;
    private String detail;

    protected ScheduleEvent() {
        // for JPA
    }

    ScheduleEvent(long scheduleId, Instant at, ScheduleEventKind kind, Long jobId, Long runId, String figure,
                  String detail) {
        this.scheduleId = scheduleId;
        this.occurredAt = at;
        this.kind = kind;
        this.jobId = jobId;
        this.figure = figure;
        this.runId = runId;
        this.detail = detail.length() > MAX_DETAIL ? detail.substring(0, MAX_DETAIL - 1) + "…" : detail;
    }

    Long getId() {
        return id;
    }

    ScheduleEventView toView() {
        return new ScheduleEventView(id, occurredAt, kind, jobId, runId, figure, detail);
    }
}
