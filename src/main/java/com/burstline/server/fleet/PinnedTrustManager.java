package com.burstline.server.fleet;

import com.burstline.contract.CertificateFingerprint;
import com.burstline.contract.PinnedCertificateTrust;

import java.security.cert.CertificateException;

/**
 * The server's trust in one agent: exactly the certificate whose SHA-256 fingerprint was pinned for it, bound to the
 * agent's record ({@link PinnedCertificateTrust} says why a pin and nothing else). A pinned key stays trusted until
 * an admin replaces the pin. A refusal names the agent and both fingerprints.
 */
final class PinnedTrustManager extends PinnedCertificateTrust {
    private final String agent;

    PinnedTrustManager(String agent, String pinnedSha256) {
        super(CertificateFingerprint.check("pinned fingerprint", pinnedSha256));
        this.agent = agent;
    }

    @Override
    protected CertificateException noCertificate() {
        return new CertificateException("agent " + agent + " presented no certificate");
    }

    @Override
    protected CertificateException otherCertificate(String presented, String pinned) {
        return new AgentCertificateException(AgentCertificate.mismatch(agent, presented, pinned));
    }

    /** The server is only ever the client of its agents. */
    @Override
    protected String noClients() {
        return "the server's agent client does not accept TLS clients";
    }
}
