package com.burstline.server.fleet;

import com.burstline.contract.CertificateFingerprint;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * Trusts exactly one certificate: the one whose SHA-256 fingerprint was pinned for this agent. No CA is asked and
 * the host name is not compared with the certificate, deliberately: the pin names the agent's key itself and is
 * bound to the agent's record, so it says more than any name check could, and a self-generated certificate carries
 * no name of the address the server happens to use. Being an {@link X509ExtendedTrustManager} is what keeps the
 * JDK from adding its own host name check on top (it wraps plain X509TrustManagers in one). Validity dates are not
 * checked either: a pinned key stays trusted until an admin replaces the pin, and an expiry would only stop a known
 * key without making anything safer.
 */
final class PinnedTrustManager extends X509ExtendedTrustManager {
    private static final X509Certificate[] NO_ISSUERS = new X509Certificate[0];

    private final String agent;
    private final String pinnedSha256;

    PinnedTrustManager(String agent, String pinnedSha256) {
        this.agent = agent;
        this.pinnedSha256 = CertificateFingerprint.check("pinned fingerprint", pinnedSha256);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("agent " + agent + " presented no certificate");
        }
        String presented = CertificateFingerprint.of(chain[0].getEncoded());
        if (!presented.equals(pinnedSha256)) {
            throw new AgentCertificateException(AgentCertificate.mismatch(agent, presented, pinnedSha256));
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

    /** The server is only ever the client of its agents. */
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("the server's agent client does not accept TLS clients");
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
        return NO_ISSUERS;
    }
}
