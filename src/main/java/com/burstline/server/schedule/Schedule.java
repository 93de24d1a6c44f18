package com.burstline.server.schedule;

import com.burstline.server.job.planning.JobRequest;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A stored schedule. Never leaves this package: callers get {@link ScheduleView}. */
@Entity
@Table(name = "schedule")
class Schedule {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String name;
    private String cron;
    private String timeZone;
    private String jobTemplate;
    private String notifyUrl;
    private String webhookSecret;
    @Enumerated(EnumType.STRING)
    private ScheduleState state;
    private Instant nextRunAt;
    private Long lastJobId;
    private Instant createdAt;

    protected Schedule() {
        // for JPA
    }

    Schedule(ScheduleRules.Checked checked, String templateJson, Instant now) {
        this.name = checked.name();
        this.cron = checked.cron();
        this.timeZone = checked.timeZone();
        this.jobTemplate = templateJson;
        this.notifyUrl = checked.notifyUrl();
        this.webhookSecret = WebhookSignature.newSecret();
        this.state = ScheduleState.ACTIVE;
        this.nextRunAt = checked.when().nextAfter(now);
        this.createdAt = now;
    }

    CronSchedule when() {
        return CronSchedule.of(cron, timeZone);
    }

    boolean active() {
        return state == ScheduleState.ACTIVE;
    }

    void pause() {
        state = ScheduleState.PAUSED;
        nextRunAt = null;
    }

    /** Active again from now on: fires that fell while it was paused are not made up. */
    void resume(Instant now) {
        state = ScheduleState.ACTIVE;
        nextRunAt = when().nextAfter(now);
    }

    /** The next fire after {@code now}, not after the last one: a late fire does not bring a burst of others. */
    void advance(Instant now) {
        nextRunAt = when().nextAfter(now);
    }

    /** A run missed while no server was up is made up: the scheduler fires it next, then advances from then. */
    void makeUp(Instant missed) {
        nextRunAt = missed;
    }

    void started(long jobId) {
        lastJobId = jobId;
    }

    Long getId() {
        return id;
    }

    String name() {
        return name;
    }

    String jobTemplate() {
        return jobTemplate;
    }

    String notifyUrl() {
        return notifyUrl;
    }

    Instant nextRunAt() {
        return nextRunAt;
    }

    Long lastJobId() {
        return lastJobId;
    }

    /** The key its webhook posts are signed with; a schedule made before keys existed gets one now. */
    String webhookSecret() {
        if (webhookSecret == null) {
            webhookSecret = WebhookSignature.newSecret();
        }
        return webhookSecret;
    }

    /** A new key in place of the old one, which stops signing at once. */
    String rotateWebhookSecret() {
        webhookSecret = WebhookSignature.newSecret();
        return webhookSecret;
    }

    ScheduleView toView(JobRequest template) {
        return new ScheduleView(id, name, cron, timeZone, state, nextRunAt, lastJobId, notifyUrl, createdAt,
                template, null);
    }
}
