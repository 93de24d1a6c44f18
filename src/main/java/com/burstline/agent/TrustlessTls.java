package com.burstline.agent;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import java.security.GeneralSecurityException;

/**
 * TLS contexts that trust no peer: no trust anchors, so that building one does not read the JDK's CA certificates,
 * slow in a starting JVM. Only for a side that never has to verify a peer's certificate: the agent's HTTPS
 * API, which asks its clients for none, and a client whose TLS is never used. A handshake that had to verify a peer
 * with one fails.
 */
final class TrustlessTls {
    private TrustlessTls() {
    }

    /** For a client whose TLS is never used (it talks plain HTTP): no keys either. */
    static SSLContext context() {
        return context(new KeyManager[0]);
    }

    /** For the agent's HTTPS API: it presents its own key and asks clients for none. */
    static SSLContext context(KeyManager[] keys) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, new TrustManager[0], null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Every JVM has TLS", e);
        }
    }
}
