package com.burstline.server.job.dispatch;

import com.burstline.server.fleet.AgentReach;
import com.burstline.server.fleet.AgentReachability;
import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls each online agent back ({@code GET /v1/status}, signed as every call), so that a server that cannot reach an
 * agent's API (the agent's port closed to it, an address it cannot route to) says so on the Agents page before a job
 * fails on it: the heartbeats prove only the other way. Every server of a team looks at every agent once per
 * heartbeat period, whichever server the agent's heartbeats reach, and calls those {@link AgentReachability#due}, a
 * few at a time.
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
    private final ScheduledExecutorService looker = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "agent-reach");
        thread.setDaemon(true);
        return thread;
    });
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
        long period = agents.heartbeatSeconds() * 1000L;
        looker.scheduleWithFixedDelay(this::look, period, period, TimeUnit.MILLISECONDS);
    }

    private void look() {
        try {
            for (AgentView agent : agents.list()) {
                if (reachability.due(agent, clock.instant()) && pending.add(agent.name())) {
                    callers.execute(() -> check(agent));
                }
            }
        } catch (RuntimeException e) {
            log.warn("Could not look at the agents to call: {}", e.getMessage()); // the next period tries again
        }
    }

    private void check(AgentView agent) {
        try {
            long start = System.nanoTime();
            AgentReach found;
            try {
                client.status(agent);
                found = new AgentReach(true, clock.instant(),
                        "answered in " + (System.nanoTime() - start) / 1_000_000 + " ms", true);
            } catch (AgentCallException e) {
                found = new AgentReach(false, clock.instant(), e.getMessage(),
                        !(e instanceof AgentCallException.Unreachable));
                AgentReach before = reachability.of(agent).orElse(null);
                if (before == null || before.reached() || !before.detail().equals(found.detail())) { // once
                    log.warn("This server cannot call agent {}: {}", agent.name(), e.getMessage());
                }
            }
            reachability.record(agent.name(), found);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pending.remove(agent.name());
        }
    }

    @PreDestroy
    void stop() {
        looker.shutdownNow();
        callers.shutdownNow();
    }
}
