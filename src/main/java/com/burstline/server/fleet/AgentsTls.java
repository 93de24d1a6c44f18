package com.burstline.server.fleet;

import com.burstline.contract.CertificateFingerprint;
import com.burstline.contract.SelfSignedCertificate;
import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.SecretFiles;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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

/**
 * The server's HTTPS listener for agents ({@code burstline.agents.tls.port}, default 8443): the same application as
 * the users' port, over TLS, with a self-signed certificate the server makes on its first start and keeps in its
 * data dir ({@code agents-tls.p12} and its random password in {@code agents-tls.password}, both owner-only), or the
 * operator's PKCS#12 keystore. Agents pin its SHA-256 fingerprint ({@code --server-fingerprint}, in the install
 * commands), as the server pins each agent's: their secrets and results travel private and to this server only.
 * Port 0 takes a free port (tests); -1 turns the listener off, and agents then need a plain-HTTP server URL, which
 * they warn about.
 */
@Component
@EnableConfigurationProperties(AgentsTls.Settings.class)
public class AgentsTls implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
    private static final Logger log = LoggerFactory.getLogger(AgentsTls.class);
    private static final Duration VALIDITY = Duration.ofDays(3650);

    /**
     * @param port             the listener's port; 0 for any free one, -1 for none
     * @param keystore         the operator's PKCS#12 keystore with the server's key and certificate; null to make one
     * @param keystorePassword its password
     */
    @ConfigurationProperties("burstline.agents.tls")
    record Settings(Integer port, Path keystore, String keystorePassword) {
        Settings {
            port = port == null ? 8443 : port;
        }
    }

    private final Settings settings;
    private final Path keystore;
    private final String password;
    private final String fingerprint;
    private final String address;
    private Connector connector;

    AgentsTls(Settings settings, BurstlineProperties properties,
              @Value("${server.address:}") String address) {
        this.settings = settings;
        this.address = address;
        if (settings.port() < 0) {
            this.keystore = null;
            this.password = null;
            this.fingerprint = null;
            return;
        }
        if (settings.keystore() != null) {
            this.keystore = settings.keystore();
            this.password = settings.keystorePassword() == null ? "" : settings.keystorePassword();
        } else {
            this.keystore = properties.dataDir().resolve("agents-tls.p12");
            this.password = selfMade(keystore, properties.dataDir().resolve("agents-tls.password"));
        }
        this.fingerprint = fingerprintOf(keystore, password);
    }

    /** Whether agents are served over HTTPS. */
    public boolean enabled() {
        return fingerprint != null;
    }

    /** The SHA-256 fingerprint of the certificate agents pin; null when the listener is off. */
    public String fingerprint() {
        return fingerprint;
    }

    /** The port the listener took (after start); -1 when it is off. */
    public int port() {
        return connector == null ? -1 : connector.getLocalPort();
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (!enabled()) {
            return;
        }
        connector = new Connector(Http11NioProtocol.class.getName());
        connector.setPort(settings.port());
        connector.setScheme("https");
        connector.setSecure(true);
        if (!address.isBlank()) {
            connector.setProperty("address", address);
        }
        // the users' port's limits on slow and large requests (application.properties), held here too
        connector.setProperty("connectionTimeout", "10000");
        connector.setProperty("keepAliveTimeout", "20000");
        connector.setProperty("maxSwallowSize", "0");
        connector.setProperty("maxHttpHeaderSize", Integer.toString(16 * 1024));
        Http11NioProtocol protocol = (Http11NioProtocol) connector.getProtocolHandler();
        protocol.setSSLEnabled(true);
        SSLHostConfig host = new SSLHostConfig();
        SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateKeystoreFile(keystore.toAbsolutePath().toString());
        certificate.setCertificateKeystorePassword(password);
        certificate.setCertificateKeystoreType("PKCS12");
        host.addCertificate(certificate);
        protocol.addSslHostConfig(host);
        factory.addAdditionalConnectors(connector);
        log.info("Agents are served over HTTPS on port {} (certificate SHA-256 {})",
                settings.port() == 0 ? "any free one" : settings.port(), fingerprint);
    }

    /** The key made on an earlier start, or a new one, written owner-only before it is used. */
    private static String selfMade(Path keystore, Path passwordFile) {
        try {
            if (Files.isRegularFile(keystore) && Files.isRegularFile(passwordFile)) {
                return Files.readString(passwordFile, StandardCharsets.US_ASCII).strip();
            }
            byte[] random = new byte[24];
            new SecureRandom().nextBytes(random);
            String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            var generated = SelfSignedCertificate.generate("burstline-server", Instant.now(),
                    Instant.now().plus(VALIDITY));
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("burstline-server", generated.keys().getPrivate(), password.toCharArray(),
                    new Certificate[]{generated.certificate()});
            SecretFiles.write(passwordFile, password);
            SecretFiles.ownerOnlyDirectory(keystore.toAbsolutePath().getParent());
            Path temporary = keystore.resolveSibling(keystore.getFileName() + ".new");
            Files.deleteIfExists(temporary);
            Files.createFile(temporary);
            SecretFiles.ownerOnlyFile(temporary);
            try (OutputStream out = Files.newOutputStream(temporary)) {
                store.store(out, password.toCharArray());
            }
            Files.move(temporary, keystore, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            log.info("Made the server's TLS key for agents and its self-signed certificate in {}", keystore);
            return password;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the server's TLS key for agents in " + keystore, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make the server's TLS key for agents: " + e.getMessage(), e);
        }
    }

    private static String fingerprintOf(Path keystore, String password) {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    return CertificateFingerprint.of(store.getCertificate(alias).getEncoded());
                }
            }
            throw new IllegalStateException("burstline.agents.tls.keystore " + keystore + " holds no private key");
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("the TLS keystore for agents " + keystore + " cannot be used: "
                    + e.getMessage(), e);
        }
    }
}
