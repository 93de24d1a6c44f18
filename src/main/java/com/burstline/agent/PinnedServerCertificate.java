package com.burstline.agent;

import com.burstline.contract.CertificateFingerprint;
import com.burstline.contract.PinnedCertificateTrust;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;

/**
 * The agent's trust in its server's HTTPS listener for agents: exactly the certificate whose SHA-256 fingerprint the
 * install commands gave it ({@code --server-fingerprint}), as the server trusts each agent's
 * ({@link PinnedCertificateTrust} says why a pin and nothing else).
 */
final class PinnedServerCertificate extends PinnedCertificateTrust {
    private PinnedServerCertificate(String pinned) {
        super(pinned);
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
    protected CertificateException noCertificate() {
        return new CertificateException("the server presented no certificate");
    }

    @Override
    protected CertificateException otherCertificate(String presented, String pinned) {
        return new CertificateException("the server presented a certificate with SHA-256 " + presented + ", not "
                + "the " + pinned + " this agent was given (--server-fingerprint): not this agent's server");
    }

    @Override
    protected String noClients() {
        return "the agent's client to its server accepts no TLS clients";
    }
}
