package com.burstline.agent;

import com.burstline.contract.CertificateFingerprint;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A context without trust anchors serves the agent's HTTPS API, and as a client it trusts no server at all. */
class TrustlessTlsTest {
    @TempDir
    Path dir;

    @Test
    void aClientWithoutTrustAnchorsRefusesEveryServerCertificate() throws Exception {
        AgentTls agent = AgentTls.selfGenerated(dir.resolve("a.p12"), dir.resolve("a.password"), "a");
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(agent.context()));
        server.start();
        try {
            int port = server.getAddress().getPort();

            // even with the agent's certificate in the JDK's default trust store, which a default context would read
            Path defaultTrust = dir.resolve("default-trust.p12");
            writeTrustStore(agentCertificate(), defaultTrust);
            String before = System.getProperty("javax.net.ssl.trustStore");
            System.setProperty("javax.net.ssl.trustStore", defaultTrust.toString());
            try {
                assertThatThrownBy(() -> handshake(TrustlessTls.context(), port))
                        .isInstanceOf(SSLHandshakeException.class);
            } finally {
                if (before == null) {
                    System.clearProperty("javax.net.ssl.trustStore");
                } else {
                    System.setProperty("javax.net.ssl.trustStore", before);
                }
            }
            // the same API completes a handshake with a client that trusts its certificate: the refusal above is the
            // trustless client's, and the API's own context serves TLS
            Certificate presented = handshake(trusting(agentCertificate()), port);
            assertThat(CertificateFingerprint.of(presented.getEncoded())).isEqualTo(agent.fingerprint());
        } finally {
            server.stop(0);
        }
    }

    /** A bare TLS socket: no hostname check (the agent's certificate names no host), only the trust managers'. */
    private static Certificate handshake(SSLContext client, int port) throws Exception {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("127.0.0.1", port)) {
            socket.startHandshake();
            return socket.getSession().getPeerCertificates()[0];
        }
    }

    private Certificate agentCertificate() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve("a.p12"))) {
            store.load(in, Files.readString(dir.resolve("a.password")).strip().toCharArray());
        }
        return store.getCertificate("burstline-agent");
    }

    private static void writeTrustStore(Certificate certificate, Path file) throws Exception {
        try (var out = Files.newOutputStream(file)) {
            trustStore(certificate).store(out, new char[0]);
        }
    }

    private static KeyStore trustStore(Certificate certificate) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("agent", certificate);
        return trusted;
    }

    private static SSLContext trusting(Certificate certificate) throws Exception {
        KeyStore trusted = trustStore(certificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
