package com.burstline.server.schedule;

import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every change to schedules and their history, each in one transaction under the schedule's row lock. The history
 * keeps the newest {@value #HISTORY} lines per schedule: a schedule that fires every few seconds and skips most of
 * them must not fill the database.
 */
@Service
class ScheduleStore {
    static final int HISTORY = 500;

    private final ScheduleRepository schedules;
    private final ScheduleEventRepository events;
    private final TransactionTemplate transaction;
    private final Clock clock;

    ScheduleStore(ScheduleRepository schedules, ScheduleEventRepository events, TransactionTemplate transaction) {
        this.schedules = schedules;
        this.events = events;
        this.transaction = transaction;
        this.clock = Clock.systemUTC();
    }

    Instant now() {
        return clock.instant();
    }

    ScheduleView create(ScheduleRules.Checked checked) {
        return transaction.execute(status -> {
            schedules.findByName(checked.name()).ifPresent(existing -> {
                throw new ScheduleNameTakenException(checked.name(), existing.getId());
            });
            Schedule schedule = schedules.saveAndFlush(new Schedule(checked, Templates.write(checked.template()),
                    now()));
            return view(schedule).withSecret(schedule.webhookSecret());
        });
    }

    List<ScheduleView> list() {
        return transaction.execute(status -> schedules.findAllByOrderByIdAsc().stream().map(this::view).toList());
    }

    ScheduleView view(long id) {
        return transaction.execute(status -> schedules.findById(id).map(this::view)
                .orElseThrow(() -> new ScheduleNotFoundException(id)));
    }

    List<ScheduleEventView> history(long id, int size) {
        return transaction.execute(status -> {
            schedules.findById(id).orElseThrow(() -> new ScheduleNotFoundException(id));
            return events.newest(id, PageRequest.of(0, size)).stream().map(ScheduleEvent::toView).toList();
        });
    }

    ScheduleView pause(long id) {
        return change(id, schedule -> {
            if (schedule.active()) {
                schedule.pause();
                record(id, ScheduleEventKind.PAUSED, null, null, "paused: no jobs start until it is resumed");
            }
            return view(schedule);
        });
    }

    ScheduleView resume(long id) {
        return change(id, schedule -> {
            if (!schedule.active()) {
                schedule.resume(now());
                record(id, ScheduleEventKind.RESUMED, null, null, "resumed: next run at " + schedule.nextRunAt());
            }
            return view(schedule);
        });
    }

    ScheduleView rotateWebhookSecret(long id) {
        return change(id, schedule -> {
            String secret = schedule.rotateWebhookSecret();
            record(id, ScheduleEventKind.SECRET_ROTATED, null, null, "webhook key replaced: posts are signed with "
                    + "the new one from now on");
            return view(schedule).withSecret(secret);
        });
    }

    /** Where a schedule's change points go and the key they are signed with; empty without a webhook. */
    Optional<Webhook> webhook(long id) {
        return changeIfPresent(id, schedule -> schedule.notifyUrl() == null ? null
                : new Webhook(schedule.notifyUrl(), schedule.webhookSecret()));
    }

    record Webhook(String url, String secret) {
    }

    void delete(long id) {
        transaction.executeWithoutResult(status -> schedules.delete(schedules.lockById(id)
                .orElseThrow(() -> new ScheduleNotFoundException(id))));
    }

    List<Long> due() {
        return transaction.execute(status -> schedules.due(ScheduleState.ACTIVE, now()));
    }

    Optional<Instant> earliestNext() {
        return Optional.ofNullable(transaction.execute(status -> schedules.earliestNext(ScheduleState.ACTIVE)));
    }

    List<Long> active() {
        return transaction.execute(status -> schedules.findByState(ScheduleState.ACTIVE).stream()
                .map(Schedule::getId).toList());
    }

    /** Under the schedule's lock; empty when it is gone. The change may record history lines in the same commit. */
    <T> Optional<T> changeIfPresent(long id, Function<Schedule, T> change) {
        return transaction.execute(status -> schedules.lockById(id).map(change));
    }

    /** Whether the webhook was told of the change of {@code figure} whose new level starts at that run. */
    boolean notified(long scheduleId, long changeRunId, String figure) {
        return Boolean.TRUE.equals(transaction.execute(status -> events.existsByScheduleIdAndKindAndRunIdAndFigure(
                scheduleId, ScheduleEventKind.NOTIFIED, changeRunId, figure)));
    }

    /** A history line in its own transaction (or the caller's), pruning what is past {@value #HISTORY}. */
    void record(long scheduleId, ScheduleEventKind kind, Long jobId, Long runId, String detail) {
        record(scheduleId, kind, jobId, runId, null, detail);
    }

    /** The same for a webhook line, with the figure whose change point it concerns. */
    void record(long scheduleId, ScheduleEventKind kind, Long jobId, Long runId, String figure, String detail) {
        transaction.executeWithoutResult(status -> {
            events.save(new ScheduleEvent(scheduleId, now(), kind, jobId, runId, figure, detail));
            List<ScheduleEvent> kept = events.newest(scheduleId, PageRequest.of(HISTORY - 1, 1));
            if (!kept.isEmpty()) {
                events.deleteOlder(scheduleId, kept.get(0).getId());
            }
        });
    }

    private ScheduleView view(Schedule schedule) {
        return schedule.toView(Templates.read(schedule.jobTemplate()));
    }

    private ScheduleView change(long id, Function<Schedule, ScheduleView> change) {
        return changeIfPresent(id, change).orElseThrow(() -> new ScheduleNotFoundException(id));
    }
}
