package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLHandshakeException;
import java.nio.file.Path;
import java.security.cert.CertificateException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent's trust in its server: real TLS handshakes with an HTTPS server whose self-generated certificate names no
 * address, reached at 127.0.0.1. Only the certificate --server-fingerprint names is accepted, in the agent's words.
 */
class PinnedServerCertificateTest {
    @TempDir
    Path dir;

    @Test
    void theCertificateTheInstallCommandsNamedIsAcceptedWhateverTheAddress() throws Exception {
        HttpServer server = TestCertificates.httpsServer(dir, "server");
        String pin = TestCertificates.selfGenerated(dir, "server");
        try {
            assertThat(TestCertificates.get(server, PinnedServerCertificate.context(pin)).statusCode())
                    .isEqualTo(204);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void anyOtherCertificateIsRefusedAsNotThisAgentsServer() throws Exception {
        HttpServer server = TestCertificates.httpsServer(dir, "server");
        String presented = TestCertificates.selfGenerated(dir, "server");
        String pinned = TestCertificates.selfGenerated(dir, "another-server");
        try {
            assertThatThrownBy(() -> TestCertificates.get(server, PinnedServerCertificate.context(pinned)))
                    .isInstanceOf(SSLHandshakeException.class)
                    .rootCause().isInstanceOf(CertificateException.class)
                    .hasMessage("the server presented a certificate with SHA-256 " + presented + ", not the "
                            + pinned + " this agent was given (--server-fingerprint): not this agent's server");
        } finally {
            server.stop(0);
        }
    }
}
