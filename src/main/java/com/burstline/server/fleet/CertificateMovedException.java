package com.burstline.server.fleet;

/**
 * The admin accepted the fingerprint they were shown, but the agent announced another one since: pinning what the
 * agent presents now would trust a certificate nobody looked at.
 */
public class CertificateMovedException extends RuntimeException {
    CertificateMovedException(String agent, String expected, String presented) {
        super("Agent " + agent + " now presents " + (presented == null ? "no certificate (plain HTTP)"
                : "the certificate SHA-256 " + presented) + ", not " + expected + "; nothing was accepted. Compare "
                + "the new fingerprint with the agent's log line 'certificate SHA-256 …' and accept again.");
    }
}
