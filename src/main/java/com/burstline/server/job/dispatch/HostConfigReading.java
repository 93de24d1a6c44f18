package com.burstline.server.job.dispatch;

import com.burstline.contract.HostConfigRequest;
import com.burstline.contract.InvalidMessageException;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.hostconfig.HostRole;
import com.burstline.server.job.ScenarioWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Before a scenario starts, both hosts read their configuration, each for the interface towards the other's test
 * address, and it is recorded for the attempt. A host that cannot tell (an older agent, a failed call) is recorded
 * with the reason, and the scenario runs all the same: the measurement matters more than its context.
 */
@Component
class HostConfigReading {
    private static final Logger log = LoggerFactory.getLogger(HostConfigReading.class);

    private final AgentClient client;
    private final HostConfigs configs;

    HostConfigReading(AgentClient client, HostConfigs configs) {
        this.client = client;
        this.configs = configs;
    }

    void read(ScenarioWork work, AgentView sut, AgentView peer) throws InterruptedException {
        readOne(work, HostRole.SUT, sut, peer.testAddress());
        readOne(work, HostRole.PEER, peer, sut.testAddress());
    }

    private void readOne(ScenarioWork work, HostRole role, AgentView agent, String towards)
            throws InterruptedException {
        try {
            configs.record(work.key(), role, agent.name(), client.hostConfig(agent, new HostConfigRequest(towards)),
                    null);
        } catch (AgentCallException | InvalidMessageException e) {
            configs.record(work.key(), role, agent.name(), null, e.getMessage());
        } catch (RuntimeException e) {
            log.warn("Could not keep the configuration of {} for {}", agent.name(), work.key().describe(), e);
        }
    }
}
