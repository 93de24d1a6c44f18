package com.burstline.agent;

import com.burstline.contract.CertificateFingerprint;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * The agent's trust in its server's HTTPS listener for agents: exactly the certificate whose SHA-256 fingerprint the
 * install commands gave it ({@code --server-fingerprint}), as the server trusts each agent's. The server's
 * certificate is self-signed and names no address the agent happens to use, so neither a CA nor the host name is
 * asked: the pin names the key itself. Being an {@link X509ExtendedTrustManager} keeps the JDK from adding its own
 * host name check.
 */
final class PinnedServerCertificate extends X509ExtendedTrustManager {
    private final String pinned;

    private PinnedServerCertificate(String pinned) {
        this.pinned = pinned;
    }

    /** A TLS context for the agent's calls to its server that trusts only the pinned certificate. */
    static SSLContext context(String fingerprint) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[]{new PinnedServerCertificate(
                    CertificateFingerprint.check("--server-fingerprint", fingerprint))}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM has TLS", e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("the server presented no certificate");
        }
        String presented = CertificateFingerprint.of(chain[0].getEncoded());
        if (!presented.equals(pinned)) {
            throw new CertificateException("the server presented a certificate with SHA-256 " + presented + ", not "
                    + "the " + pinned + " this agent was given (--server-fingerprint): not this agent's server");
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("the agent's client to its server accepts no TLS clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        checkClientTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
