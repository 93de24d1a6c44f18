package com.burstline.server.job.dispatch;

import com.burstline.contract.InvalidMessageException;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.job.JobStore;
import com.burstline.server.job.ScenarioWork;
import com.burstline.server.run.HostDropsStore;
import com.burstline.server.run.ReceiverDrops;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * After an attempt ends, asks its peer what the server role's host dropped of what arrived (the receiving host of an
 * upload and of a bidir run's forward direction) and keeps it with the attempt's run; the SUT's counts came with its
 * result. A peer that cannot tell leaves the reason instead, so the run says why its receiver's counts are unknown.
 */
@Component
class PeerDrops {
    private final AgentClient client;
    private final HostDropsStore drops;
    private final JobStore store;

    PeerDrops(AgentClient client, HostDropsStore drops, JobStore store) {
        this.client = client;
        this.drops = drops;
        this.store = store;
    }

    void collect(ScenarioWork work, AgentView peer) throws InterruptedException {
        Optional<Long> runId = store.runOf(work.key());
        if (runId.isEmpty()) {
            return; // nothing measured, or a result still to come: no run to keep them with
        }
        try {
            drops.counted(runId.get(), ReceiverDrops.PEER, peer.name(), client.serverRoleDrops(peer, work.key()));
        } catch (AgentCallException e) {
            drops.notCounted(runId.get(), ReceiverDrops.PEER, peer.name(), e.getMessage());
        } catch (InvalidMessageException e) {
            drops.notCounted(runId.get(), ReceiverDrops.PEER, peer.name(), "agent " + peer.name()
                    + " answered drop counts the server cannot read: " + e.getMessage());
        }
    }
}
