package com.burstline.server.job;

import com.burstline.server.cluster.ServerNodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * At startup, before the server takes requests or runs jobs: this server joins the servers on the database, and the
 * unfinished jobs its start interrupted say so in their history. They are not ended: the runner (which starts after
 * this, with the context's lifecycle) claims them again and resumes them ({@link JobResumes}); queued ones simply
 * run.
 */
@Component
class JobRecovery implements SmartInitializingSingleton {
    private static final Logger log = LoggerFactory.getLogger(JobRecovery.class);

    private final ServerNodes nodes;
    private final JobResumes resumes;

    JobRecovery(ServerNodes nodes, JobResumes resumes) {
        this.nodes = nodes;
        this.resumes = resumes;
    }

    @Override
    public void afterSingletonsInstantiated() {
        ServerNodes.Start start = nodes.register();
        if (start.othersRunning()) {
            log.info("Other servers run on this database; this one joins them");
            resumes.restarted(false, start.ownLastSeen());
        } else {
            resumes.restarted(true, start.lastSeen());
        }
    }
}
