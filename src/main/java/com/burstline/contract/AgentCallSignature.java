package com.burstline.contract;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The proof a server→agent call carries (protocol v2): an Ed25519 signature over the agent's name, the method, the
 * request target, the body's SHA-256, a timestamp and a nonce, made with the server's private signing key. The private
 * half never leaves the server's data directory; the agent holds the public half, pinned when it enrolled
 * ({@link ServerSigningKeys}). Nothing any agent sends, and nothing the server keeps in its database, can make this
 * signature: reading an agent's traffic, its secret or a database backup lets no one drive an agent. The name binds
 * a call to the agent it was meant for, so one agent's call cannot be replayed to another. The agent checks with
 * {@link AgentCallVerifier}.
 */
public final class AgentCallSignature {
    public static final String SIGNATURE_HEADER = "X-Burstline-Signature";
    public static final String TIMESTAMP_HEADER = "X-Burstline-Timestamp";
    public static final String NONCE_HEADER = "X-Burstline-Nonce";
    /** How far a call's timestamp may be from the agent's clock, either way. */
    public static final Duration MAX_SKEW = Duration.ofSeconds(60);
    static final String PREFIX = "v2=";
    static final Pattern NONCE_FORM = Pattern.compile("[A-Za-z0-9_-]{16,64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private AgentCallSignature() {
    }

    /**
     * The three headers of a call to agent {@code agentName} signed now with a fresh nonce.
     *
     * @param target the path and query the request goes to, e.g. {@code /v1/scenarios}
     */
    public static Map<String, String> sign(PrivateKey key, String agentName, String method, String target,
                                           byte[] body, Instant now) {
        byte[] nonce = new byte[18];
        RANDOM.nextBytes(nonce);
        return sign(key, agentName, method, target, body, now.getEpochSecond(),
                Base64.getUrlEncoder().withoutPadding().encodeToString(nonce));
    }

    static Map<String, String> sign(PrivateKey key, String agentName, String method, String target, byte[] body,
                                    long timestamp, String nonce) {
        try {
            Signature signature = Signature.getInstance(ServerSigningKeys.ALGORITHM);
            signature.initSign(key);
            signature.update(canonical(agentName, method, target, body, timestamp, nonce));
            return Map.of(SIGNATURE_HEADER, PREFIX + Base64.getUrlEncoder().withoutPadding()
                            .encodeToString(signature.sign()),
                    TIMESTAMP_HEADER, Long.toString(timestamp), NONCE_HEADER, nonce);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with the server's key: " + e.getMessage(), e);
        }
    }

    /** Whether {@code signature} ({@code v2=...}) is this call's, made by the holder of {@code key}'s private half. */
    static boolean verifies(PublicKey key, String agentName, String method, String target, byte[] body,
                            long timestamp, String nonce, String signature) {
        if (signature == null || !signature.startsWith(PREFIX)) {
            return false;
        }
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(signature.substring(PREFIX.length()));
            Signature check = Signature.getInstance(ServerSigningKeys.ALGORITHM);
            check.initVerify(key);
            check.update(canonical(agentName, method, target, body, timestamp, nonce));
            return check.verify(bytes);
        } catch (IllegalArgumentException | GeneralSecurityException notThis) {
            return false;
        }
    }

    /** One field per line, the body as its hash: no field can end where another begins (names hold no newline). */
    private static byte[] canonical(String agentName, String method, String target, byte[] body, long timestamp,
                                    String nonce) {
        return String.join("\n", "burstline-agent-call-v2", agentName, method, target,
                HexFormat.of().formatHex(sha256(body)), Long.toString(timestamp), nonce)
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
