package com.burstline.contract;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * Trust in exactly one TLS server certificate, the one whose SHA-256 fingerprint ({@link CertificateFingerprint}) was
 * pinned: the server's in an agent's HTTPS server, the agent's in its server's HTTPS listener for agents. Both sides'
 * certificates are self-generated and name no address the other side happens to use, so neither a CA nor the host
 * name is asked: the pin names the key itself and says more than a name check could. Being an
 * {@link X509ExtendedTrustManager} is what keeps the JDK from adding its own host name check on top (it wraps plain
 * X509TrustManagers in one). Validity dates are not checked either: a pinned key stays trusted until its pin is
 * replaced, and an expiry would only stop a known key without making anything safer. Each side is only ever the
 * client of this connection, so no TLS client is trusted. The subclasses say each refusal in their own words.
 */
public abstract class PinnedCertificateTrust extends X509ExtendedTrustManager {
    private final String pinned;

    /** @param pinned the fingerprint in its one form ({@link CertificateFingerprint#check}) */
    protected PinnedCertificateTrust(String pinned) {
        this.pinned = pinned;
    }

    /** The refusal when the peer presented no certificate at all. */
    protected abstract CertificateException noCertificate();

    /** The refusal when the peer presented a certificate with fingerprint {@code presented}, not the pinned one. */
    protected abstract CertificateException otherCertificate(String presented, String pinned);

    /** Why this side accepts no TLS clients, in its own words. */
    protected abstract String noClients();

    @Override
    public final void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw noCertificate();
        }
        String presented = CertificateFingerprint.of(chain[0].getEncoded());
        if (!presented.equals(pinned)) {
            throw otherCertificate(presented, pinned);
        }
    }

    @Override
    public final void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        checkServerTrusted(chain, authType);
    }

    @Override
    public final void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        checkServerTrusted(chain, authType);
    }

    @Override
    public final void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException(noClients());
    }

    @Override
    public final void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        checkClientTrusted(chain, authType);
    }

    @Override
    public final void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        checkClientTrusted(chain, authType);
    }

    @Override
    public final X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
