package com.burstline.server.fleet;

import com.burstline.agent.TestCertificates;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server's trust in an agent: a real TLS handshake with an HTTPS server presenting a key made as a real agent
 * makes it, reached at 127.0.0.1, a name its certificate does not carry. Only the pinned certificate is accepted.
 */
class PinnedTrustManagerTest {
    @TempDir
    Path dir;
    private HttpServer agent;

    @AfterEach
    void stop() {
        if (agent != null) {
            agent.stop(0);
        }
    }

    @Test
    void thePinnedCertificateIsAcceptedWhateverAddressTheAgentIsReachedAt() throws Exception {
        agent = TestCertificates.httpsServer(dir, "lab-a");
        String pin = TestCertificates.selfGenerated(dir, "lab-a");

        assertThat(TestCertificates.get(agent, AgentTrust.pinned("lab-a", pin)).statusCode()).isEqualTo(204);
    }

    @Test
    void anyOtherCertificateIsRefusedNamingTheAgentAndBothFingerprints() throws Exception {
        agent = TestCertificates.httpsServer(dir, "lab-a");
        String presented = TestCertificates.selfGenerated(dir, "lab-a");
        String pinned = TestCertificates.selfGenerated(dir, "lab-a-before");

        assertThatThrownBy(() -> TestCertificates.get(agent, AgentTrust.pinned("lab-a", pinned)))
                .isInstanceOf(SSLHandshakeException.class)
                .rootCause().isInstanceOf(AgentCertificateException.class)
                .hasMessageStartingWith("agent lab-a presented a certificate whose fingerprint " + presented
                        + " differs from the one pinned at enrollment (" + pinned + ")");
    }

    @Test
    void withoutThePinTheJdksOwnTrustRefusesTheSelfSignedCertificate() throws Exception {
        agent = TestCertificates.httpsServer(dir, "lab-a");

        assertThatThrownBy(() -> TestCertificates.get(agent, SSLContext.getDefault())).isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void theManagerNeverTrustsTlsClientsAndNamesNoIssuers() {
        PinnedTrustManager manager = new PinnedTrustManager("lab-a", "AB".repeat(32));

        assertThat(manager.getAcceptedIssuers()).isEmpty();
        assertThatThrownBy(() -> manager.checkClientTrusted(null, "EC"))
                .hasMessageContaining("does not accept TLS clients");
        assertThatThrownBy(() -> manager.checkServerTrusted(new java.security.cert.X509Certificate[0], "EC"))
                .hasMessage("agent lab-a presented no certificate");
    }
}
