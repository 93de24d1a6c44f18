package com.burstline.server.fleet;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/**
 * Whom the server trusts when it calls an agent over HTTPS. By default exactly the certificate pinned for that agent
 * ({@link PinnedTrustManager}); with {@code burstline.agents.truststore} set, instead every certificate that chains
 * to one in that truststore and names the host of the agent's URL (the JDK's PKIX checks and host name check), for
 * teams that issue their agents' certificates from a CA of their own.
 */
@Component
@EnableConfigurationProperties(AgentTrust.Settings.class)
public class AgentTrust {

    /**
     * @param truststore         a keystore file of trusted CA (or agent) certificates; null to pin each agent's own
     * @param truststorePassword its password, if it has one
     * @param truststoreType     its type, PKCS12 unless given
     */
    @ConfigurationProperties("burstline.agents")
    record Settings(Path truststore, String truststorePassword, String truststoreType) {
        Settings {
            truststoreType = truststoreType == null || truststoreType.isBlank() ? "PKCS12" : truststoreType;
        }
    }

    private final SSLContext truststore;

    AgentTrust(Settings settings) {
        this.truststore = settings.truststore() == null ? null : fromTruststore(settings);
    }

    /** Pinning only, as without a configured truststore. */
    public static AgentTrust pinning() {
        return new AgentTrust(new Settings(null, null, null));
    }

    /** Null when the server may call this agent at its URL, else why not, in words. */
    public String refusal(AgentView agent) {
        boolean https = agent.url().startsWith("https:");
        String pinned = agent.certificate() == null ? null : agent.certificate().pinnedSha256();
        if (!https) {
            return pinned == null ? null : agent.certificate().problem(agent.name());
        }
        if (pinned == null && truststore == null) {
            return "agent " + agent.name() + " serves HTTPS but announced no certificate fingerprint when it "
                    + "registered, and no burstline.agents.truststore is configured to trust it by";
        }
        return null;
    }

    /** Calls to agents with equal keys may share one HTTP client: they trust the same. */
    public String trustKey(AgentView agent) {
        if (!agent.url().startsWith("https:")) {
            return "plain";
        }
        return truststore != null ? "truststore"
                : "pinned " + agent.name() + " " + agent.certificate().pinnedSha256();
    }

    /** The TLS context for calls to this agent, once {@link #refusal} has no objection. */
    public SSLContext context(AgentView agent) {
        return truststore != null ? truststore : pinned(agent.name(), agent.certificate().pinnedSha256());
    }

    /** A TLS context that trusts exactly the certificate with this SHA-256 fingerprint. */
    public static SSLContext pinned(String agent, String sha256) {
        return context(new TrustManager[]{new PinnedTrustManager(agent, sha256)});
    }

    private static SSLContext fromTruststore(Settings settings) {
        char[] password = settings.truststorePassword() == null ? null : settings.truststorePassword().toCharArray();
        try (InputStream in = Files.newInputStream(settings.truststore())) {
            KeyStore store = KeyStore.getInstance(settings.truststoreType());
            store.load(in, password);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            return context(trust.getTrustManagers());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("burstline.agents.truststore " + settings.truststore()
                    + " cannot be used: " + e.getMessage(), e);
        }
    }

    private static SSLContext context(TrustManager[] trust) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK offers no TLS", e);
        }
    }
}
