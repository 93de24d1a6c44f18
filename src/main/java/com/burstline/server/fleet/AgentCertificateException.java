package com.burstline.server.fleet;

import java.security.cert.CertificateException;

/**
 * An agent's TLS handshake presented a certificate other than the pinned one. The message names the agent and both
 * fingerprints, and the caller shows it as the job's error instead of the TLS stack's generic words.
 */
public class AgentCertificateException extends CertificateException {
    AgentCertificateException(String message) {
        super(message);
    }
}
