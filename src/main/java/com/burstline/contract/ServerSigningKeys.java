package com.burstline.contract;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * The server's signing key as both sides write it: an Ed25519 key pair (the JDK's own), the public half as Base64 of
 * its X.509 SubjectPublicKeyInfo (the {@code serverKey} an enrollment answers and the agent pins), named by the
 * SHA-256 fingerprint of those bytes in {@link CertificateFingerprint}'s form (the {@code serverKeySha256} agents
 * report on their heartbeats, and the Agents page shows, so an admin can compare it with an agent's log).
 */
public final class ServerSigningKeys {
    public static final String ALGORITHM = "Ed25519";
    public static final String FIELD = "serverKey";
    public static final String FINGERPRINT_FIELD = "serverKeySha256";

    private ServerSigningKeys() {
    }

    public static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK since 15 has Ed25519", e);
        }
    }

    public static String publicText(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static String privateText(PrivateKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    /** @throws InvalidMessageException unless {@code text} is an Ed25519 public key as {@link #publicText} writes it */
    public static PublicKey parsePublic(String text) {
        try {
            PublicKey key = KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(
                    Base64.getDecoder().decode(text == null ? "" : text.strip())));
            if (!ALGORITHM.equals(key.getAlgorithm()) && !"EdDSA".equals(key.getAlgorithm())) {
                throw new InvalidMessageException(FIELD + " must be an " + ALGORITHM + " public key");
            }
            return key;
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw new InvalidMessageException(FIELD + " must be an " + ALGORITHM + " public key in Base64 (X.509 "
                    + "SubjectPublicKeyInfo), as the server sends it");
        }
    }

    public static PrivateKey parsePrivate(String text) throws GeneralSecurityException {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(
                    Base64.getDecoder().decode(text.strip())));
        } catch (IllegalArgumentException notBase64) {
            throw new GeneralSecurityException("not Base64", notBase64);
        }
    }

    /** The key's name: SHA-256 of its encoded public half, 32 upper-case hex pairs joined by ':'. */
    public static String fingerprint(PublicKey key) {
        return CertificateFingerprint.of(key.getEncoded());
    }
}
