package com.burstline.server.fleet;

import com.burstline.contract.EnrollmentSecret;
import com.burstline.server.security.AgentSecrets;
import com.burstline.server.security.JoinTokens;
import com.burstline.server.security.TokenSecrets;
import com.burstline.server.system.BurstlineProperties;
import org.springframework.context.ApplicationEventPublisher;
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
 * younger than three heartbeat periods, so one lost heartbeat does not take it offline. Enrolling with a join token
 * (once) or the shared enrollment token gives an agent its own secret; its name is then its alone until an admin removes it.
 */
@Service
public class AgentRegistry implements AgentSecrets, AgentCallKeys {
    private final AgentRepository agents;
    private final FactsJson factsJson;
    private final TransactionTemplate transaction;
    private final int heartbeatSeconds;
    private final Duration offlineAfter;
    private final AgentAddresses addresses;
    private final JoinTokens joinTokens;
    private final ServerSigningKey signingKey;
    private final ApplicationEventPublisher events;
    private final AgentReachability reachability;
    private final Clock clock = Clock.systemUTC();

    AgentRegistry(AgentRepository agents, FactsJson factsJson, TransactionTemplate transaction,
                  BurstlineProperties properties, AgentAddresses addresses, JoinTokens joinTokens,
                  ServerSigningKey signingKey, ApplicationEventPublisher events, AgentReachability reachability) {
        this.reachability = reachability;
        this.addresses = addresses;
        this.joinTokens = joinTokens;
        this.signingKey = signingKey;
        this.events = events;
        this.agents = agents;
        this.factsJson = factsJson;
        this.transaction = transaction;
        this.heartbeatSeconds = properties.agents().heartbeatSeconds();
        this.offlineAfter = Duration.ofSeconds(3L * heartbeatSeconds);
    }

    public int heartbeatSeconds() {
        return heartbeatSeconds;
    }

    /**
     * What a registration answers: the agent, the secret the server drew when it enrolled one that proposed none, and
     * when it enrolled, the server's signing key for the agent to pin.
     */
    record Registered(AgentView agent, String secret, String serverKey, String serverKeySha256) {
    }

    /**
     * @param speakingAs the agent whose own secret authenticated the call; empty for the enrollment token
     * @param joinToken  the join token enrolling, marked used by this agent in the same transaction
     * @throws AgentNameTakenException when the enrollment token tries a name another agent enrolled with
     * @throws NotThisAgentException   when an agent's secret tries another agent's name
     */
    Registered register(AgentRegistration registration, Optional<String> speakingAs,
                        Optional<JoinTokens.Holder> joinToken) {
        AgentRegistration checked = AgentRules.check(registration);
        addresses.check(java.net.URI.create(checked.url()));
        addresses.checkTestAddress(checked.testAddress());
        String facts = factsJson.write(checked.facts());
        if (facts != null && facts.length() > AgentRules.MAX_FACTS) {
            throw new InvalidAgentException("facts must be at most " + AgentRules.MAX_FACTS + " characters of JSON");
        }
        speakingAs.filter(name -> !name.equals(checked.name())).ifPresent(name -> {
            throw new NotThisAgentException(name, checked.name());
        });
        try {
            return transaction.execute(status -> store(checked, facts, speakingAs.isEmpty(), joinToken));
        } catch (DataIntegrityViolationException sameNameAtOnce) {
            // Two enrollments of a new name raced: the second finds the first enrolled and gets 409.
            return transaction.execute(status -> store(checked, facts, speakingAs.isEmpty(), joinToken));
        }
    }

    private Registered store(AgentRegistration registration, String facts, boolean enrolling,
                             Optional<JoinTokens.Holder> joinToken) {
        var now = clock.instant();
        Optional<RegisteredAgent> known = agents.findByName(registration.name());
        if (known.isEmpty() && !enrolling) {
            throw new AgentNotFoundException(registration.name()); // removed since its secret was checked
        }
        RegisteredAgent agent = known.orElseGet(() -> new RegisteredAgent(registration.name(), now));
        String drawn = null;
        if (enrolling) {
            if (agent.enrolled()) {
                throw new AgentNameTakenException(registration.name());
            }
            String secret = registration.secret();
            if (secret == null) {
                secret = drawn = EnrollmentSecret.generate();
            }
            joinToken.ifPresent(holder -> joinTokens.consume(holder, registration.name()));
            agent.enroll(TokenSecrets.sha256(secret), now);
            // the answer carries the key; an agent that died before keeping it says so when it registers again
            agent.holdsServerKey(signingKey.fingerprint());
        } else if (registration.secret() != null) {
            throw new InvalidAgentException("secret is proposed only when enrolling with the agent token; this agent "
                    + "already speaks with its own secret");
        } else {
            agent.holdsServerKey(registration.serverKeySha256());
        }
        agent.describe(registration, facts, now);
        AgentView view = agents.saveAndFlush(agent).toView(offlineAfter, now, factsJson);
        return enrolling ? new Registered(view, drawn, signingKey.publicText(), signingKey.fingerprint())
                : new Registered(view, drawn, null, null);
    }

    @Override
    public Optional<CallKeys> callKeys(String name) {
        return transaction.execute(status -> agents.findByName(name)
                .map(agent -> new CallKeys(agent.secretHash(), agent.serverKeySha256())));
    }

    @Override
    public void heldServerKey(String name, String fingerprint) {
        transaction.executeWithoutResult(status -> agents.findByName(name)
                .ifPresent(agent -> agent.holdsServerKey(fingerprint)));
    }

    @Override
    public Optional<String> agentWithSecretHash(String sha256) {
        return agents.nameBySecretHash(sha256);
    }

    /** An admin's removal: the agent's secret stops working and its name is free to enroll again. */
    void remove(String name) {
        transaction.executeWithoutResult(status -> agents.delete(agents.findByName(name)
                .orElseThrow(() -> new AgentNotFoundException(name))));
    }

    /**
     * @param serverKeySha256 the server key the agent says it holds; when it is not this server's (an agent enrolled
     *                        before protocol v2), the key is delivered to it ({@link AgentWithoutServerKey})
     * @throws AgentNotFoundException when the agent is not registered (it then registers again)
     */
    void heartbeat(String name, boolean busy, String serverKeySha256) {
        boolean holdsKey = Boolean.TRUE.equals(transaction.execute(status -> {
            RegisteredAgent agent = agents.findByName(name).orElseThrow(() -> new AgentNotFoundException(name));
            agent.seen(busy, clock.instant());
            agent.holdsServerKey(serverKeySha256);
            return signingKey.fingerprint().equals(serverKeySha256) || !agent.enrolled();
        }));
        if (!holdsKey) {
            events.publishEvent(new AgentWithoutServerKey(name, serverKeySha256));
        }
    }

    /**
     * An admin accepts the certificate the agent announced last: it becomes the pin.
     *
     * @throws CertificateMovedException when the agent has announced another certificate than the one expected
     */
    AgentView acceptCertificate(String name, String expectedSha256) {
        var now = clock.instant();
        return transaction.execute(status -> {
            RegisteredAgent agent = agents.findByName(name).orElseThrow(() -> new AgentNotFoundException(name));
            agent.acceptPresentedCertificate(expectedSha256);
            return agent.toView(offlineAfter, now, factsJson);
        });
    }

    public List<AgentView> list() {
        var now = clock.instant();
        return transaction.execute(status -> agents.findAll(Sort.by("name")).stream()
                .map(agent -> withReach(agent.toView(offlineAfter, now, factsJson))).toList());
    }

    private AgentView withReach(AgentView view) {
        return view.withReach(reachability.of(view).orElse(null));
    }

    public Optional<AgentView> find(String name) {
        var now = clock.instant();
        return transaction.execute(status -> agents.findByName(name)
                .map(agent -> withReach(agent.toView(offlineAfter, now, factsJson))));
    }

    AgentView get(String name) {
        return find(name).orElseThrow(() -> new AgentNotFoundException(name));
    }
}
