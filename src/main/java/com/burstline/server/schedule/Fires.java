package com.burstline.server.schedule;

import com.burstline.server.job.JobRefusedException;
import com.burstline.server.job.JobTemplates;
import com.burstline.server.job.JobView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Instant;
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

    Fires(ScheduleStore store, JobTemplates jobs) {
        this.store = store;
        this.jobs = jobs;
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
                    + claim.fireTime() + " because job " + last.id() + " is still "
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
                        + job.id() + " for the run due at " + claim.fireTime());
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
     * At start-up: fires that fell while the server was down are recorded as missed, once per schedule, and not
     * made up; the next one is computed from now.
     */
    void recompute(long scheduleId) {
        store.changeIfPresent(scheduleId, schedule -> {
            Instant now = store.now();
            Instant due = schedule.nextRunAt();
            schedule.advance(now);
            if (due != null && !due.isAfter(now)) {
                store.record(scheduleId, ScheduleEventKind.MISSED, null, null, missed(schedule.when(), due, now)
                        + "; they are not made up, the next run is at " + schedule.nextRunAt());
            }
            return true;
        });
    }

    private static String missed(CronSchedule when, Instant first, Instant now) {
        int count = 0;
        Instant last = first;
        for (Instant fire = first; fire != null && !fire.isAfter(now) && count < 1000; fire = when.nextAfter(fire)) {
            count++;
            last = fire;
        }
        String how = count >= 1000 ? "1000 or more runs" : count == 1 ? "1 run" : count + " runs";
        return "the server was down for " + how + " (due " + (count == 1 ? "at " + first
                : "from " + first + " to " + last) + ")";
    }
}
