package com.burstline.server.schedule;

import com.burstline.server.job.JobEnded;
import com.burstline.server.job.JobView;
import com.burstline.server.job.ScenarioView;
import com.burstline.server.trend.SeriesChanges;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * After a schedule's job ended: for each run it stored, the newest change point of each figure of that run's series
 * (its pair and scenario, by the trend code: its throughput and its latency, each told of on its own). A change
 * point is only found once its new level has a few runs (the trend's minimum segment), so the webhook is told when
 * the newest run belongs to the new level of a change it was not told of yet.
 * Works on threads of its own, so a slow webhook never holds up the job runner, the scheduler or another schedule's
 * webhook; each post has a deadline (WebhookClient); a failed post is
 * recorded in the schedule's history and tried again after the schedule's next job.
 */
@Component
class ChangeNotifier {
    private static final Logger log = LoggerFactory.getLogger(ChangeNotifier.class);

    private final ScheduleStore store;
    private final SeriesChanges changes;
    private final WebhookClient client;
    private final String linkBase;
    /** Several at once, so that one slow receiver holds up no other schedule's post (each is cut at its deadline). */
    static final int WEBHOOK_THREADS = 4;

    private final ExecutorService worker = Executors.newFixedThreadPool(WEBHOOK_THREADS, runnable -> {
        Thread thread = new Thread(runnable, "schedule-webhooks");
        thread.setDaemon(true);
        return thread;
    });

    ChangeNotifier(ScheduleStore store, SeriesChanges changes, ScheduleService schedules, ScheduleSettings settings) {
        this.store = store;
        this.changes = changes;
        this.client = new WebhookClient(schedules.webhookAddresses(), settings.webhookTimeout());
        this.linkBase = settings.linkBaseUrl();
    }

    /** One post at a time per schedule, so two of its jobs ending together tell a change once. */
    private final Map<Long, Object> perSchedule = new ConcurrentHashMap<>();

    @EventListener
    void jobEnded(JobEnded ended) {
        Long scheduleId = ended.job().scheduleId();
        if (scheduleId != null) {
            worker.execute(() -> {
                synchronized (perSchedule.computeIfAbsent(scheduleId, id -> new Object())) {
                    check(ended.job());
                }
            });
        }
    }

    private void check(JobView job) {
        try {
            ScheduleView schedule = store.view(job.scheduleId());
            if (schedule.notifyUrl() == null) {
                return;
            }
            ScheduleStore.Webhook webhook = store.webhook(schedule.id()).orElse(null);
            if (webhook == null) {
                return;
            }
            job.scenarios().stream().map(ScenarioView::runId).filter(Objects::nonNull).distinct()
                    .forEach(runId -> changes.newestChanges(runId).stream()
                            .filter(SeriesChanges.Change::includesRun)
                            .filter(change -> !store.notified(schedule.id(), change.runId(), change.figure()))
                            .forEach(change -> notify(schedule, webhook, job.id(), runId, change)));
        } catch (ScheduleNotFoundException deleted) {
            // the schedule was deleted while its job ran: nobody to tell
        } catch (RuntimeException e) {
            log.error("Change points of job {} could not be checked for schedule {}", job.id(), job.scheduleId(), e);
        }
    }

    private void notify(ScheduleView schedule, ScheduleStore.Webhook webhook, long jobId, long runId,
                        SeriesChanges.Change change) {
        String failure = client.post(webhook.url(), webhook.secret(),
                ChangeNotice.of(schedule, jobId, runId, change, linkBase));
        String what = String.format(Locale.ROOT, "%s (p = %.3f)", change.description(), change.pValue());
        if (failure == null) {
            store.record(schedule.id(), ScheduleEventKind.NOTIFIED, jobId, change.runId(), change.figure(),
                    "told the webhook: " + what);
        } else {
            store.record(schedule.id(), ScheduleEventKind.NOTIFY_FAILED, jobId, change.runId(), change.figure(),
                    "could not tell the webhook of " + what + ": " + failure);
        }
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }
}
