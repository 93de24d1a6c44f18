package com.burstline.server.job.dispatch;

import com.burstline.agent.TestCertificates;
import com.burstline.contract.AttemptKey;
import com.burstline.server.fleet.AgentCertificate;
import com.burstline.server.fleet.AgentView;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the job page says when the server will not talk to an agent over TLS: a changed certificate in the pin's own
 * words, a fall-back to plain HTTP refused, an HTTPS agent without a pin refused before any connection.
 */
class AgentTlsCallTest {
    @TempDir
    Path dir;
    private HttpServer agent;
    private String presented;
    private final AgentClient client = client();

    @BeforeEach
    void start() throws Exception {
        agent = TestCertificates.httpsServer(dir, "sut");
        presented = TestCertificates.selfGenerated(dir, "sut");
    }

    @AfterEach
    void stop() {
        agent.stop(0);
    }

    @Test
    void theAgentPresentingItsPinnedCertificateIsCalled() {
        assertThatCode(() -> client.cancel(view("https", presented, presented), key())).doesNotThrowAnyException();
    }

    @Test
    void anAgentPresentingAnotherCertificateIsRefusedWithBothFingerprints() throws Exception {
        String pinned = TestCertificates.selfGenerated(dir, "sut-at-enrollment");

        assertThatThrownBy(() -> client.cancel(view("https", pinned, pinned), key()))
                .isInstanceOf(AgentCallException.class)
                .hasMessage(AgentCertificate.mismatch("sut", presented, pinned));
    }

    @Test
    void aPinnedAgentThatRegisteredPlainHttpIsNotCalled() {
        assertThatThrownBy(() -> client.cancel(view("http", presented, null), key()))
                .hasMessageStartingWith("agent sut was enrolled with a TLS certificate (SHA-256 " + presented
                        + ") but registered again with plain HTTP");
    }

    @Test
    void anHttpsAgentWithoutAPinOrATruststoreIsNotCalled() {
        assertThatThrownBy(() -> client.cancel(view("https", null, null), key()))
                .hasMessageContaining("announced no certificate fingerprint")
                .hasMessageContaining("burstline.agents.truststore");
    }

    private AgentView view(String scheme, String pinned, String announced) {
        return new AgentView("sut", scheme + "://127.0.0.1:" + agent.getAddress().getPort(), "127.0.0.1", "test",
                null, true, false, null, null, new AgentCertificate(pinned, announced,
                pinned != null && !pinned.equals(announced)), null);
    }

    private static AttemptKey key() {
        return new AttemptKey(1, 2, 1);
    }

    private static AgentClient client() {
        return TestAgentClients.client(TestAgentClients.newSigningKey());
    }
}
