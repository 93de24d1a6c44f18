package com.burstline.server.agent;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Duration;
import java.time.Instant;

/** A registered agent. Never leaves this package: callers get {@link AgentView}. */
@Entity
@Table(name = "agent")
class RegisteredAgent {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Column(nullable = false, unique = true)
    private String name;
    private String url;
    private String testAddress;
    private String version;
    private String facts;
    private boolean busy;
    private Instant registeredAt;
    private Instant lastSeenAt;
    private String secretHash;
    private Instant enrolledAt;

    protected RegisteredAgent() {
        // for JPA
    }

    RegisteredAgent(String name, Instant now) {
        this.name = name;
        this.registeredAt = now;
        this.lastSeenAt = now;
    }

    /** Registering again (after an agent restart, or a new address) replaces what the agent said about itself. */
    void describe(AgentRegistration registration, String factsJson, Instant now) {
        this.url = registration.url();
        this.testAddress = registration.testAddress();
        this.version = registration.version();
        this.facts = factsJson;
        this.registeredAt = now;
        seen(false, now);
    }

    /** An agent registered before enrollment existed (no secret yet) is not enrolled: its name can be claimed. */
    boolean enrolled() {
        return secretHash != null;
    }

    /** The agent's own secret from now on; only its SHA-256 is kept. */
    void enroll(String newSecretHash, Instant now) {
        this.secretHash = newSecretHash;
        this.enrolledAt = now;
    }

    void seen(boolean busy, Instant now) {
        this.busy = busy;
        this.lastSeenAt = now;
    }

    AgentView toView(Duration offlineAfter, Instant now, FactsJson json) {
        boolean online = lastSeenAt.plus(offlineAfter).isAfter(now);
        return new AgentView(name, url, testAddress, version, json.read(facts), online, busy && online,
                registeredAt, lastSeenAt);
    }
}
