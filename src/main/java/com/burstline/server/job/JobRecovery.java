package com.burstline.server.job;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * At startup, before the server takes requests: a job that was queued or running when the server stopped cannot be
 * resumed (its agents were told nothing), so it failed. The runner starts after this, with the context's lifecycle
 * ({@code JobRunner}), so it never picks such a job up. Results of such jobs that agents
 * deliver later from their spool are still imported and linked.
 */
@Component
class JobRecovery implements SmartInitializingSingleton {
    static final String RESTARTED = "the server restarted during the job";
    private static final Logger log = LoggerFactory.getLogger(JobRecovery.class);

    private final JobStore store;

    JobRecovery(JobStore store) {
        this.store = store;
    }

    @Override
    public void afterSingletonsInstantiated() {
        int ended = store.endUnfinished(RESTARTED);
        if (ended > 0) {
            log.warn("{} job(s) were unfinished when the server stopped; they are marked failed", ended);
        }
    }
}
