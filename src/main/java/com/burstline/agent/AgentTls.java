package com.burstline.agent;

import com.burstline.contract.CertificateFingerprint;
import com.burstline.contract.SelfSignedCertificate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collections;
import java.util.logging.Logger;

/**
 * The agent's TLS identity: the key and certificate its HTTPS API presents, and the certificate's SHA-256
 * fingerprint, which the registration carries so that the server can pin it. Without a keystore of the user's, the
 * agent makes its own on the first start ({@link SelfSignedCertificate}) and keeps it owner-only beside its spool
 * ({@code <spool>-tls.p12} with its random password in {@code <spool>-tls.password}), so a restart presents the
 * same certificate and the server's pin still holds.
 */
final class AgentTls {
    private static final Logger LOG = Logger.getLogger(AgentTls.class.getName());
    private static final String ALIAS = "burstline-agent";
    private static final Duration VALIDITY = Duration.ofDays(3650);

    private final SSLContext context;
    private final String fingerprint;

    private AgentTls(SSLContext context, String fingerprint) {
        this.context = context;
        this.fingerprint = fingerprint;
    }

    /** The identity for these settings; null for plain HTTP. */
    static AgentTls of(TlsSettings settings, Path spool, String agentName) throws IOException {
        if (!settings.enabled()) {
            return null;
        }
        if (settings.keystore() != null) {
            return load(settings.keystore(), settings.password().toCharArray());
        }
        Path absolute = spool.toAbsolutePath().normalize();
        return selfGenerated(absolute.resolveSibling(absolute.getFileName() + "-tls.p12"),
                absolute.resolveSibling(absolute.getFileName() + "-tls.password"), agentName);
    }

    /** Reuses the key made on an earlier start, or makes one and stores it before it is used. */
    static AgentTls selfGenerated(Path keystore, Path passwordFile, String agentName) throws IOException {
        if (Files.exists(keystore) && Files.exists(passwordFile)) {
            return load(keystore, Files.readString(passwordFile, StandardCharsets.US_ASCII).strip().toCharArray());
        }
        char[] password = randomPassword();
        try {
            var generated = SelfSignedCertificate.generate("burstline-agent " + agentName, Instant.now(),
                    Instant.now().plus(VALIDITY));
            withoutKeyStretching();
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, generated.keys().getPrivate(), password,
                    new Certificate[]{generated.certificate()});
            OwnerOnlyFile.write(passwordFile, new String(password).getBytes(StandardCharsets.US_ASCII));
            OwnerOnlyFile.write(keystore, out -> store(store, out, password));
            LOG.info("Generated this agent's TLS key and self-signed certificate in " + keystore);
            return identity(store, ALIAS, password); // the store just written, not read back: same key, no decrypting
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot generate this agent's TLS key: " + e.getMessage(), e);
        }
    }

    /**
     * PKCS#12 stretches the password 10,000 times for the key, the certificates and the MAC, once each on every
     * write and every read: slow in a starting JVM that has not compiled that loop yet, and paid before the agent can
     * register. Stretching slows guessing a weak password; this one is 192 random bits kept owner-only beside the
     * file, so one round protects it as well. Only the agent's own keystore is written, and a keystore is read with
     * the counts it was written with, so a user's keystore is not affected.
     */
    private static void withoutKeyStretching() {
        for (String count : new String[]{"keyPbeIterationCount", "certPbeIterationCount", "macIterationCount"}) {
            System.setProperty("keystore.pkcs12." + count, "1");
        }
    }

    /** A PKCS#12 keystore's first key entry; a keystore without one, or with a wrong password, is a start-up error. */
    static AgentTls load(Path keystore, char[] password) throws IOException {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            String alias = Collections.list(store.aliases()).stream().filter(a -> isKey(store, a)).findFirst()
                    .orElseThrow(() -> new java.security.KeyStoreException("it holds no private key"));
            return identity(store, alias, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("the keystore " + keystore + " cannot be used: " + e.getMessage(), e);
        } catch (IOException e) {
            if (e.getCause() instanceof java.security.UnrecoverableKeyException) {
                throw new IOException("the keystore " + keystore + " does not open with this password", e);
            }
            throw new IOException("the keystore " + keystore + " cannot be read as PKCS#12: " + e.getMessage(), e);
        }
    }

    private static AgentTls identity(KeyStore store, String alias, char[] password) throws GeneralSecurityException {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        return new AgentTls(TrustlessTls.context(keys.getKeyManagers()),
                CertificateFingerprint.of(store.getCertificate(alias).getEncoded()));
    }

    SSLContext context() {
        return context;
    }

    /** The SHA-256 fingerprint of the certificate the API presents, as {@link CertificateFingerprint} writes it. */
    String fingerprint() {
        return fingerprint;
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static void store(KeyStore store, OutputStream out, char[] password) throws IOException {
        try {
            store.store(out, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot write the keystore: " + e.getMessage(), e);
        }
    }

    private static char[] randomPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).toCharArray();
    }
}
