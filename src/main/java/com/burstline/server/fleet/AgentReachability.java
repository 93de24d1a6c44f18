package com.burstline.server.fleet;

import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this server last found when it called each agent ({@link AgentReach}), kept in memory: each server of a team
 * calls the agents itself, so each finds out for itself. A registration forgets it (the agent may listen elsewhere
 * now); a failure is tried again after a minute, a success after ten.
 */
@Component
public class AgentReachability {
    static final Duration RETRY_FAILED = Duration.ofMinutes(1);
    static final Duration RECHECK_REACHED = Duration.ofMinutes(10);

    private final Map<String, AgentReach> byAgent = new ConcurrentHashMap<>();

    public Optional<AgentReach> of(String agent) {
        return Optional.ofNullable(byAgent.get(agent));
    }

    public void record(String agent, AgentReach reach) {
        byAgent.put(agent, reach);
    }

    void forget(String agent) {
        byAgent.remove(agent);
    }

    /** Whether the agent is to be called now: never yet, or its last finding is older than it is good for. */
    public boolean due(String agent, Instant now) {
        AgentReach last = byAgent.get(agent);
        return last == null || !last.checkedAt().plus(last.reached() ? RECHECK_REACHED : RETRY_FAILED).isAfter(now);
    }
}
