package com.burstline.server.job.dispatch;

import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentWithoutServerKey;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Agents enrolled before protocol v2 move to the server's key on their next heartbeat, without enrolling again: the
 * heartbeat says the agent holds no key of this server's, and the key is delivered to its listener
 * ({@link AgentClient#deliverServerKey}). On a thread of its own, so a heartbeat never waits for it, and at most once
 * a minute per agent, so an agent too old to take it is not called on every heartbeat.
 */
@Component
class ServerKeyDelivery {
    private static final Logger log = LoggerFactory.getLogger(ServerKeyDelivery.class);
    private static final Duration AGAIN_AFTER = Duration.ofMinutes(1);

    private final AgentRegistry agents;
    private final AgentClient client;
    private final Map<String, Instant> lastTried = new ConcurrentHashMap<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "server-key-delivery");
        thread.setDaemon(true);
        return thread;
    });

    ServerKeyDelivery(AgentRegistry agents, AgentClient client) {
        this.agents = agents;
        this.client = client;
    }

    @EventListener
    void heartbeatWithoutKey(AgentWithoutServerKey heartbeat) {
        Instant now = Instant.now();
        Instant last = lastTried.get(heartbeat.agentName());
        if (last != null && last.plus(AGAIN_AFTER).isAfter(now)) {
            return;
        }
        lastTried.put(heartbeat.agentName(), now);
        worker.execute(() -> deliver(heartbeat.agentName()));
    }

    private void deliver(String name) {
        agents.find(name).ifPresent(agent -> {
            try {
                client.deliverServerKey(agent);
                log.info("Agent {} took this server's signing key", name);
            } catch (AgentCallException e) {
                log.warn("The server's signing key could not be delivered to agent {}: {}", name, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }
}
