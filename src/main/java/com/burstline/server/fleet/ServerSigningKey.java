package com.burstline.server.fleet;

import com.burstline.contract.AgentCallSignature;
import com.burstline.contract.ServerSigningKeys;
import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.SecretFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Map;

/**
 * The key the server signs its calls to agents with ({@link AgentCallSignature}): an Ed25519 key pair made on the
 * first start, the private half only in {@code <data-dir>/agent-signing-key} (owner-only), the public half beside it
 * and in every enrollment's answer, where each agent pins it. Nothing in the database, in a backup of it or on any
 * agent can sign for it; losing the file means enrolling every agent again, so back it up as the server's own
 * secret.
 */
@Component
public class ServerSigningKey {
    private static final Logger log = LoggerFactory.getLogger(ServerSigningKey.class);
    static final String FILE = "agent-signing-key";

    private final PrivateKey privateKey;
    private final PublicKey publicKey;

    @Autowired
    ServerSigningKey(BurstlineProperties properties) {
        this(properties.dataDir());
    }

    /** The key kept in {@code dataDir}, made there when there is none. */
    public ServerSigningKey(Path dataDir) {
        Path privateFile = dataDir.resolve(FILE);
        Path publicFile = dataDir.resolve(FILE + ".pub");
        try {
            if (!Files.isRegularFile(privateFile) || !Files.isRegularFile(publicFile)) {
                KeyPair made = ServerSigningKeys.generate();
                SecretFiles.write(privateFile, ServerSigningKeys.privateText(made.getPrivate()));
                SecretFiles.write(publicFile, ServerSigningKeys.publicText(made.getPublic()));
                log.info("Made the server's key for signing calls to agents in {}", privateFile);
            }
            this.privateKey = ServerSigningKeys.parsePrivate(Files.readString(privateFile, StandardCharsets.US_ASCII));
            this.publicKey = ServerSigningKeys.parsePublic(Files.readString(publicFile, StandardCharsets.US_ASCII));
            log.info("Calls to agents are signed with the key in {} (SHA-256 {})", privateFile,
                    ServerSigningKeys.fingerprint(publicKey));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the server's signing key " + privateFile, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(privateFile + " does not hold an Ed25519 private key: " + e.getMessage(),
                    e);
        }
    }

    /** What an enrollment answers, for the agent to pin. */
    public String publicText() {
        return ServerSigningKeys.publicText(publicKey);
    }

    /** What agents report holding, and the Agents page shows. */
    public String fingerprint() {
        return ServerSigningKeys.fingerprint(publicKey);
    }

    /** The headers of a call to {@code agentName}, signed now. */
    public Map<String, String> sign(String agentName, String method, String target, byte[] body) {
        return AgentCallSignature.sign(privateKey, agentName, method, target, body, Instant.now());
    }
}
