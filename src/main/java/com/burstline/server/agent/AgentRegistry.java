package com.burstline.server.agent;

import com.burstline.server.system.BurstlineProperties;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Which agents exist and whether they are alive. An agent is online while its last heartbeat (or registration) is
 * younger than three heartbeat periods, so one lost heartbeat does not take it offline.
 */
@Service
public class AgentRegistry {
    private final AgentRepository agents;
    private final FactsJson factsJson;
    private final TransactionTemplate transaction;
    private final int heartbeatSeconds;
    private final Duration offlineAfter;
    private final AgentAddresses addresses;
    private final Clock clock = Clock.systemUTC();

    AgentRegistry(AgentRepository agents, FactsJson factsJson, TransactionTemplate transaction,
                  BurstlineProperties properties, AgentAddresses addresses) {
        this.addresses = addresses;
        this.agents = agents;
        this.factsJson = factsJson;
        this.transaction = transaction;
        this.heartbeatSeconds = properties.agents().heartbeatSeconds();
        this.offlineAfter = Duration.ofSeconds(3L * heartbeatSeconds);
    }

    public int heartbeatSeconds() {
        return heartbeatSeconds;
    }

    AgentView register(AgentRegistration registration) {
        AgentRegistration checked = AgentRules.check(registration);
        addresses.check(java.net.URI.create(checked.url()));
        String facts = factsJson.write(checked.facts());
        if (facts != null && facts.length() > AgentRules.MAX_FACTS) {
            throw new InvalidAgentException("facts must be at most " + AgentRules.MAX_FACTS + " characters of JSON");
        }
        try {
            return transaction.execute(status -> store(checked, facts));
        } catch (DataIntegrityViolationException sameNameAtOnce) {
            // Two registrations of a new name raced; the second one updates what the first created.
            return transaction.execute(status -> store(checked, facts));
        }
    }

    private AgentView store(AgentRegistration registration, String facts) {
        var now = clock.instant();
        RegisteredAgent agent = agents.findByName(registration.name()).orElseGet(() -> new RegisteredAgent(registration.name(), now));
        agent.describe(registration, facts, now);
        return agents.saveAndFlush(agent).toView(offlineAfter, now, factsJson);
    }

    /** @throws AgentNotFoundException when the agent is not registered (it then registers again) */
    void heartbeat(String name, boolean busy) {
        transaction.executeWithoutResult(status -> agents.findByName(name)
                .orElseThrow(() -> new AgentNotFoundException(name))
                .seen(busy, clock.instant()));
    }

    /** An admin accepts the certificate the agent announced last: it becomes the pin. */
    AgentView acceptCertificate(String name) {
        var now = clock.instant();
        return transaction.execute(status -> {
            RegisteredAgent agent = agents.findByName(name).orElseThrow(() -> new AgentNotFoundException(name));
            agent.acceptPresentedCertificate();
            return agent.toView(offlineAfter, now, factsJson);
        });
    }

    public List<AgentView> list() {
        var now = clock.instant();
        return transaction.execute(status -> agents.findAll(Sort.by("name")).stream()
                .map(agent -> agent.toView(offlineAfter, now, factsJson)).toList());
    }

    public Optional<AgentView> find(String name) {
        var now = clock.instant();
        return transaction.execute(status -> agents.findByName(name)
                .map(agent -> agent.toView(offlineAfter, now, factsJson)));
    }

    AgentView get(String name) {
        return find(name).orElseThrow(() -> new AgentNotFoundException(name));
    }
}
