package com.burstline.server.job.dispatch;

import com.burstline.server.fleet.AgentHeard;
import com.burstline.server.fleet.AgentReach;
import com.burstline.server.fleet.AgentReachability;
import com.burstline.server.fleet.AgentRegistry;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls each agent that sends heartbeats ({@code GET /v1/status}, signed as every call), so that a server that
 * cannot reach an agent's API (the agent's port closed to it, an address it cannot route to) says so on the Agents
 * page before a job fails on it. The heartbeats only prove the other way. Off the heartbeat's thread, a few agents
 * at a time, each at most as often as {@link AgentReachability#due} says.
 */
@Component
class AgentReachCheck {
    private static final Logger log = LoggerFactory.getLogger(AgentReachCheck.class);
    private static final int CALLERS = 4;

    private final AgentRegistry agents;
    private final AgentClient client;
    private final AgentReachability reachability;
    private final Clock clock = Clock.systemUTC();
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    private final AtomicInteger threads = new AtomicInteger();
    private final ExecutorService callers = Executors.newFixedThreadPool(CALLERS, runnable -> {
        Thread thread = new Thread(runnable, "agent-reach-" + threads.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    AgentReachCheck(AgentRegistry agents, AgentClient client, AgentReachability reachability) {
        this.agents = agents;
        this.client = client;
        this.reachability = reachability;
    }

    @EventListener
    void heard(AgentHeard heartbeat) {
        String name = heartbeat.agentName();
        if (reachability.due(name, clock.instant()) && pending.add(name)) {
            callers.execute(() -> check(name));
        }
    }

    private void check(String name) {
        try {
            agents.find(name).ifPresent(agent -> {
                long start = System.nanoTime();
                AgentReach found;
                try {
                    client.status(agent);
                    found = new AgentReach(true, clock.instant(),
                            "answered in " + (System.nanoTime() - start) / 1_000_000 + " ms");
                } catch (AgentCallException e) {
                    found = new AgentReach(false, clock.instant(), e.getMessage());
                    AgentReach before = reachability.of(name).orElse(null);
                    if (before == null || before.reached() || !before.detail().equals(found.detail())) {
                        log.warn("This server cannot call agent {}: {}", name, e.getMessage()); // once, not each minute
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                reachability.record(name, found);
            });
        } finally {
            pending.remove(name);
        }
    }

    @PreDestroy
    void stop() {
        callers.shutdownNow();
    }
}
