package com.burstline.server.fleet;

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
    private String certificateSha256;
    private String presentedSha256;
    private String serverKeySha256;

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
        this.presentedSha256 = registration.certificateSha256();
        if (certificateSha256 == null) {
            // trust on first use: the first certificate announced is pinned, a later one waits for an admin
            certificateSha256 = presentedSha256;
        }
        seen(false, now);
    }

    /** An agent registered before enrollment existed (no secret yet) is not enrolled: its name can be claimed. */
    boolean enrolled() {
        return secretHash != null;
    }

    String secretHash() {
        return secretHash;
    }

    /** The agent's own secret from now on; only its SHA-256 is kept. */
    void enroll(String newSecretHash, Instant now) {
        this.secretHash = newSecretHash;
        this.enrolledAt = now;
    }

    /**
     * An admin's decision: the certificate the agent announces now is the one to hold it to from here on.
     *
     * @param expectedSha256 what the admin was shown; null accepts whatever the agent presents now
     */
    void acceptPresentedCertificate(String expectedSha256) {
        if (expectedSha256 != null && !expectedSha256.equals(presentedSha256)) {
            throw new CertificateMovedException(name, expectedSha256, presentedSha256);
        }
        this.certificateSha256 = presentedSha256;
    }

    /** Which server key the agent says it holds (its registration, its heartbeats); null for none. */
    void holdsServerKey(String fingerprint) {
        this.serverKeySha256 = fingerprint;
    }

    String serverKeySha256() {
        return serverKeySha256;
    }

    void seen(boolean busy, Instant now) {
        this.busy = busy;
        this.lastSeenAt = now;
    }

    AgentView toView(Duration offlineAfter, Instant now, FactsJson json) {
        boolean online = lastSeenAt.plus(offlineAfter).isAfter(now);
        return new AgentView(name, url, testAddress, version, json.read(facts), online, busy && online,
                registeredAt, lastSeenAt, AgentCertificate.of(certificateSha256, presentedSha256), null);
    }
}
