package com.burstline.server.job.dispatch;

import com.burstline.contract.HostConfigRequest;
import com.burstline.contract.InvalidMessageException;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.hostconfig.HostRole;
import com.burstline.server.job.ScenarioWork;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Before a scenario starts, both hosts read their configuration, each for the interface towards the other's test
 * address, and it is recorded for the attempt. A host that cannot tell (an older agent, a failed call) is recorded
 * with the reason, and the scenario runs all the same: the measurement matters more than its context.
 * <p>
 * The two hosts are read at once, on threads of their own, while the attempt starts the peer's server: a reading
 * runs a handful of processes on its host (ethtool, tc), and one host after the other, before the server, put both
 * readings' time on every scenario. The SUT starts only once both are {@linkplain Readings#await() in}, so a
 * reading never overlaps the measured traffic.
 */
@Component
class HostConfigReading {
    private static final Logger log = LoggerFactory.getLogger(HostConfigReading.class);

    private final AgentClient client;
    private final HostConfigs configs;
    private final AtomicInteger threads = new AtomicInteger();
    private final ExecutorService readers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "host-config-" + threads.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    HostConfigReading(AgentClient client, HostConfigs configs) {
        this.client = client;
        this.configs = configs;
    }

    /** Both hosts' readings, started now; {@link Readings#await()} before the SUT is sent anything to measure. */
    Readings start(ScenarioWork work, AgentView sut, AgentView peer) {
        return new Readings(List.of(
                readers.submit(() -> readOne(work, HostRole.SUT, sut, peer.testAddress())),
                readers.submit(() -> readOne(work, HostRole.PEER, peer, sut.testAddress()))));
    }

    /** The server stops: a reading still under way is interrupted, its attempt is being given back anyway. */
    @PreDestroy
    void stop() {
        readers.shutdownNow();
    }

    private Void readOne(ScenarioWork work, HostRole role, AgentView agent, String towards)
            throws InterruptedException {
        try {
            HostConfigRequest request = new HostConfigRequest(towards, work.key().jobId());
            configs.record(work.key(), role, agent.name(), client.hostConfig(agent, request), null);
        } catch (AgentCallException | InvalidMessageException e) {
            configs.record(work.key(), role, agent.name(), null, e.getMessage());
        } catch (RuntimeException e) {
            log.warn("Could not keep the configuration of {} for {}", agent.name(), work.key().describe(), e);
        }
        return null;
    }

    /** The two readings under way. */
    static final class Readings {
        private final List<Future<Void>> readings;

        private Readings(List<Future<Void>> readings) {
            this.readings = readings;
        }

        /**
         * Until both readings are recorded (each is bounded by the agent call's timeouts). Interrupted, it stops
         * them and says so.
         */
        void await() throws InterruptedException {
            try {
                for (Future<Void> reading : readings) {
                    reading.get();
                }
            } catch (InterruptedException e) {
                readings.forEach(reading -> reading.cancel(true));
                throw e;
            } catch (ExecutionException e) {
                // readOne keeps every failure as the reason; only an interrupt of its own thread gets here
                throw new InterruptedException("a host configuration reading was interrupted: "
                        + e.getCause().getMessage());
            }
        }
    }
}
