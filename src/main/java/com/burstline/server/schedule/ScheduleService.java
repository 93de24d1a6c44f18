package com.burstline.server.schedule;

import com.burstline.server.job.JobTemplates;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

import java.util.List;

/** What the API and the page both do with schedules; every change wakes the scheduler. */
@Service
@EnableConfigurationProperties(ScheduleSettings.class)
class ScheduleService {
    static final int MAX_HISTORY = ScheduleStore.HISTORY;

    private final ScheduleStore store;
    private final Scheduler scheduler;
    private final JobTemplates jobs;
    private final WebhookAddresses webhooks;

    ScheduleService(ScheduleStore store, Scheduler scheduler, JobTemplates jobs, ScheduleSettings settings) {
        this.store = store;
        this.scheduler = scheduler;
        this.jobs = jobs;
        this.webhooks = WebhookAddresses.of(settings.webhookAllowedNetworks());
    }

    ScheduleView create(ScheduleRequest request) {
        ScheduleView created = store.create(ScheduleRules.check(request, jobs::problems, webhooks));
        scheduler.wake();
        return created;
    }

    List<ScheduleView> list() {
        return store.list();
    }

    ScheduleView get(long id) {
        return store.view(id);
    }

    List<ScheduleEventView> history(long id, int size) {
        if (size < 1 || size > MAX_HISTORY) {
            throw new InvalidScheduleException(List.of("size must be between 1 and " + MAX_HISTORY + ", not "
                    + size));
        }
        return store.history(id, size);
    }

    ScheduleView pause(long id) {
        ScheduleView paused = store.pause(id);
        scheduler.wake();
        return paused;
    }

    ScheduleView resume(long id) {
        ScheduleView resumed = store.resume(id);
        scheduler.wake();
        return resumed;
    }

    ScheduleView rotateWebhookSecret(long id) {
        return store.rotateWebhookSecret(id);
    }

    void delete(long id) {
        store.delete(id);
        scheduler.wake();
    }

    /** The same address rules for the webhook at each post: a name may resolve differently by then. */
    WebhookAddresses webhookAddresses() {
        return webhooks;
    }
}
