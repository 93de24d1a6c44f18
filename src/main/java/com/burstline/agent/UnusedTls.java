package com.burstline.agent;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import java.security.GeneralSecurityException;

/**
 * A TLS context for a side of a connection that never verifies a peer: no keys of its own unless given, and no trust
 * anchors, so that building it does not read the JDK's CA certificates (a cold JVM's 0.2-0.4 s). A handshake that
 * needed to trust a peer with it fails; it is for TLS that is never used or never asks the peer for a certificate.
 */
final class UnusedTls {
    private UnusedTls() {
    }

    static SSLContext context() {
        return context(new KeyManager[0]);
    }

    /** The agent's HTTPS API presents its own key and asks clients for none, so it needs no trust anchors. */
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
