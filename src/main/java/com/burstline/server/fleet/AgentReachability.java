package com.burstline.server.fleet;

import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this server last found when it called each agent ({@link AgentReach}), kept in memory: each server of a team
 * calls the agents itself, so each finds out for itself. A finding from before the agent's latest registration is
 * none (it may listen elsewhere now); a failure is tried again after a minute, a success after ten.
 */
@Component
public class AgentReachability {
    static final Duration RETRY_FAILED = Duration.ofMinutes(1);
    static final Duration RECHECK_REACHED = Duration.ofMinutes(10);

    private final Map<String, AgentReach> byAgent = new ConcurrentHashMap<>();

    /** The finding for the agent as it registered last; empty when it was not called since. */
    public Optional<AgentReach> of(AgentView agent) {
        AgentReach found = byAgent.get(agent.name());
        return found == null || agent.registeredAt() == null || found.checkedAt().isBefore(agent.registeredAt())
                ? Optional.empty() : Optional.of(found);
    }

    public void record(String agent, AgentReach reach) {
        byAgent.put(agent, reach);
    }

    /**
     * Whether the agent is to be called now: it is online and has sent a heartbeat since it registered (so it holds
     * the server's key it was given), and it was not called since, or its finding is older than it is good for.
     */
    public boolean due(AgentView agent, Instant now) {
        if (!agent.online() || agent.lastSeenAt() == null || !agent.lastSeenAt().isAfter(agent.registeredAt())) {
            return false;
        }
        return of(agent).map(last -> !last.checkedAt().plus(last.reached() ? RECHECK_REACHED : RETRY_FAILED)
                .isAfter(now)).orElse(true);
    }
}
