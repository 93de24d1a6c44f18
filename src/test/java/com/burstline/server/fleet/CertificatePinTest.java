package com.burstline.server.fleet;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Trust on first use: the first fingerprint an agent announces is pinned; only an admin moves the pin. */
class CertificatePinTest {
    private static final String FIRST = "AA:" + "11:".repeat(30) + "11";
    private static final String SECOND = "BB:" + "22:".repeat(30) + "22";
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private final FactsJson facts = new FactsJson();

    @Test
    void theFirstAnnouncedCertificateIsPinnedAndALaterOneDoesNotMoveThePin() {
        RegisteredAgent agent = new RegisteredAgent("lab-b", NOW);
        agent.describe(registration("https", FIRST), null, NOW);
        AgentCertificate enrolled = view(agent).certificate();

        agent.describe(registration("https", SECOND), null, NOW);
        AgentCertificate changed = view(agent).certificate();

        assertThat(enrolled).isEqualTo(new AgentCertificate(FIRST, FIRST, false));
        assertThat(changed).isEqualTo(new AgentCertificate(FIRST, SECOND, true));
        assertThat(changed.problem("lab-b")).isEqualTo(AgentCertificate.mismatch("lab-b", SECOND, FIRST));
    }

    @Test
    void fallingBackToPlainHttpIsAChangeToo() {
        RegisteredAgent agent = new RegisteredAgent("lab-b", NOW);
        agent.describe(registration("https", FIRST), null, NOW);
        agent.describe(registration("http", null), null, NOW);

        assertThat(view(agent).certificate().changed()).isTrue();
        assertThat(view(agent).certificate().problem("lab-b")).contains("registered again with plain HTTP");
    }

    @Test
    void anAdminAcceptingTheNewCertificateMovesThePin() {
        RegisteredAgent agent = new RegisteredAgent("lab-b", NOW);
        agent.describe(registration("https", FIRST), null, NOW);
        agent.describe(registration("https", SECOND), null, NOW);

        agent.acceptPresentedCertificate(SECOND);

        assertThat(view(agent).certificate()).isEqualTo(new AgentCertificate(SECOND, SECOND, false));
    }

    @Test
    void aCertificateOtherThanTheOneTheAdminWasShownIsNotAccepted() {
        RegisteredAgent agent = new RegisteredAgent("lab-b", NOW);
        agent.describe(registration("https", FIRST), null, NOW);
        agent.describe(registration("https", SECOND), null, NOW);

        assertThatThrownBy(() -> agent.acceptPresentedCertificate(FIRST)).isInstanceOf(CertificateMovedException.class)
                .hasMessageContaining("now presents the certificate SHA-256 " + SECOND + ", not " + FIRST);
        assertThat(view(agent).certificate()).isEqualTo(new AgentCertificate(FIRST, SECOND, true));
    }

    @Test
    void aPlainHttpAgentHasNoPinUntilItFirstAnnouncesACertificate() {
        RegisteredAgent agent = new RegisteredAgent("lab-b", NOW);
        agent.describe(registration("http", null), null, NOW);
        AgentCertificate plain = view(agent).certificate();
        agent.describe(registration("https", FIRST), null, NOW);

        assertThat(plain).isEqualTo(new AgentCertificate(null, null, false));
        assertThat(view(agent).certificate()).isEqualTo(new AgentCertificate(FIRST, FIRST, false));
    }

    private AgentView view(RegisteredAgent agent) {
        return agent.toView(Duration.ofSeconds(15), NOW, facts);
    }

    private static AgentRegistration registration(String scheme, String fingerprint) {
        return new AgentRegistration("lab-b", scheme + "://10.81.2.2:7701", "10.81.0.2", "0.1.0", null, fingerprint, null);
    }
}
