package com.burstline.server.job;

import com.burstline.contract.LiveSamples;
import com.burstline.server.cluster.ClusterNotifications;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The throughput samples of each running scenario attempt ({@code POST /api/v1/agents/{name}/live}): a burst probe's
 * drop is read from them, and when the SUT agent is lost they make the scenario's partial run. Kept as {@link
 * BatchLog} says, kind 'throughput' in the database where servers share it.
 */
@Component
public class LiveSampleLog extends BatchLog<LiveSamples> {
    /** A day of 1 s intervals, each direction of a bidir scenario apart. */
    static final int MAX_SAMPLES_PER_ATTEMPT = 2 * 86_400;

    LiveSampleLog(JdbcTemplate jdbc, TransactionTemplate transaction, ClusterNotifications cluster) {
        super(new Kind<>("throughput", ClusterNotifications.Topic.SAMPLES, LiveSamples.class,
                MAX_SAMPLES_PER_ATTEMPT, batch -> batch.samples().size()), jdbc, transaction, cluster);
    }
}
