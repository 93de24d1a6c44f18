package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent's trust in its server: real TLS handshakes with an HTTPS server whose self-generated certificate names no
 * address, reached at 127.0.0.1. Only the certificate --server-fingerprint names is accepted, in the agent's words.
 */
class PinnedServerCertificateTest {
    @TempDir
    Path dir;
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void theCertificateTheInstallCommandsNamedIsAcceptedWhateverTheAddress() throws Exception {
        server = TestCertificates.httpsServer(dir, "server");
        String pin = TestCertificates.selfGenerated(dir, "server");

        assertThat(call(PinnedServerCertificate.context(pin)).statusCode()).isEqualTo(204);
    }

    @Test
    void anyOtherCertificateIsRefusedAsNotThisAgentsServer() throws Exception {
        server = TestCertificates.httpsServer(dir, "server");
        String presented = TestCertificates.selfGenerated(dir, "server");
        String pinned = TestCertificates.selfGenerated(dir, "another-server");

        assertThatThrownBy(() -> call(PinnedServerCertificate.context(pinned)))
                .isInstanceOf(SSLHandshakeException.class)
                .rootCause().isInstanceOf(CertificateException.class)
                .hasMessage("the server presented a certificate with SHA-256 " + presented + ", not the " + pinned
                        + " this agent was given (--server-fingerprint): not this agent's server");
    }

    private HttpResponse<Void> call(SSLContext context) throws Exception {
        HttpClient client = HttpClient.newBuilder().sslContext(context).connectTimeout(Duration.ofSeconds(5)).build();
        URI url = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/v1/status");
        return client.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.discarding());
    }
}
