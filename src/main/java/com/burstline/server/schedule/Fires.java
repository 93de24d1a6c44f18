package com.burstline.server.schedule;

import com.burstline.server.job.JobRefusedException;
import com.burstline.server.job.JobTemplates;
import com.burstline.server.job.JobView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One fire of one schedule: claims it (moves its next time on, under its lock, so it fires once), then starts the
 * template's job unless the schedule's last job is still queued or running, and records what it did.
 */
@Component
class Fires {
    private static final Logger log = LoggerFactory.getLogger(Fires.class);

    private final ScheduleStore store;
    private final JobTemplates jobs;
    private final Duration grace;
    /** Fires made up at start-up, by schedule, until they fire (on the scheduler's one thread). */
    private final java.util.Map<Long, Instant> madeUp = new java.util.concurrent.ConcurrentHashMap<>();

    Fires(ScheduleStore store, JobTemplates jobs, ScheduleSettings settings) {
        this.store = store;
        this.jobs = jobs;
        this.grace = settings.missedRunGrace();
    }

    private record Claim(long scheduleId, Instant fireTime, String template, Long lastJobId) {
    }

    void fire(long scheduleId) {
        Optional<Claim> claim = store.changeIfPresent(scheduleId, schedule -> {
            Instant now = store.now();
            if (!schedule.active() || schedule.nextRunAt() == null || schedule.nextRunAt().isAfter(now)) {
                return null;
            }
            Instant fireTime = schedule.nextRunAt();
            schedule.advance(now);
            return new Claim(scheduleId, fireTime, schedule.jobTemplate(), schedule.lastJobId());
        });
        claim.ifPresent(this::start);
    }

    private void start(Claim claim) {
        Optional<JobView> previous = claim.lastJobId() == null ? Optional.empty() : jobs.find(claim.lastJobId());
        if (previous.isPresent() && previous.get().unfinished()) {
            JobView last = previous.get();
            store.record(claim.scheduleId(), ScheduleEventKind.SKIPPED, last.id(), null, "skipped the run due at "
                    + claim.fireTime() + late(claim.scheduleId(), claim.fireTime()) + " because job " + last.id() + " is still "
                    + last.status().name().toLowerCase(Locale.ROOT));
            return;
        }
        try {
            JobView job = jobs.start(Templates.read(claim.template()), claim.scheduleId());
            boolean stillThere = store.changeIfPresent(claim.scheduleId(), schedule -> {
                schedule.started(job.id());
                return true;
            }).isPresent();
            if (stillThere) {
                store.record(claim.scheduleId(), ScheduleEventKind.STARTED, job.id(), null, "started job "
                        + job.id() + " for the run due at " + claim.fireTime() + late(claim.scheduleId(), claim.fireTime()));
            }
        } catch (JobRefusedException refused) {
            store.record(claim.scheduleId(), ScheduleEventKind.REFUSED, null, null, "no job started for the run "
                    + "due at " + claim.fireTime() + ": " + refused.getMessage());
        } catch (RuntimeException unexpected) {
            log.error("Schedule {} could not start its job", claim.scheduleId(), unexpected);
            store.record(claim.scheduleId(), ScheduleEventKind.REFUSED, null, null, "no job started for the run "
                    + "due at " + claim.fireTime() + ": the server hit an error (see its log)");
        }
    }

    /**
     * At start-up: of the fires that fell while no server was up, the latest is made up once when it is at most the
     * grace ({@code burstline.schedules.missed-run-grace}) old (the scheduler fires it next); the others, or all of
     * them past the grace, are recorded as missed, once per schedule, and the next one is computed from now.
     */
    void recompute(long scheduleId) {
        store.changeIfPresent(scheduleId, schedule -> {
            Instant now = store.now();
            Instant due = schedule.nextRunAt();
            schedule.advance(now);
            if (due == null || due.isAfter(now)) {
                return true;
            }
            List<Instant> fell = fell(schedule.when(), due, now);
            Instant latest = fell.get(fell.size() - 1);
            if (Duration.between(latest, now).compareTo(grace) <= 0) {
                schedule.makeUp(latest);
                madeUp.put(scheduleId, latest);
                if (fell.size() > 1) {
                    store.record(scheduleId, ScheduleEventKind.MISSED, null, null, missed(fell.subList(0,
                            fell.size() - 1), now) + "; the latest, due at " + latest + ", is made up now (within "
                            + "the grace of " + grace + ")");
                }
            } else {
                store.record(scheduleId, ScheduleEventKind.MISSED, null, null, missed(fell, now)
                        + "; they are not made up (the latest was more than " + grace + " ago), the next run is at "
                        + schedule.nextRunAt());
            }
            return true;
        });
    }

    /** The fires from {@code first} up to {@code now}, at most 1000. */
    private static List<Instant> fell(CronSchedule when, Instant first, Instant now) {
        List<Instant> fell = new ArrayList<>();
        for (Instant fire = first; fire != null && !fire.isAfter(now) && fell.size() < 1000; fire = when.nextAfter(fire)) {
            fell.add(fire);
        }
        return fell;
    }

    /** A fire made up at start-up says so. */
    private String late(long scheduleId, Instant fireTime) {
        return madeUp.remove(scheduleId, fireTime) ? " (made up: no server was up when it was due)" : "";
    }

    private static String missed(List<Instant> fell, Instant now) {
        int count = fell.size();
        String how = count >= 1000 ? "1000 or more runs" : count == 1 ? "1 run" : count + " runs";
        return "the server was down for " + how + " (due " + (count == 1 ? "at " + fell.get(0)
                : "from " + fell.get(0) + " to " + fell.get(count - 1)) + ")";
    }
}
