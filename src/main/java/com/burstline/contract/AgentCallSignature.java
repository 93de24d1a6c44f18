package com.burstline.contract;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The proof a server→agent call carries: an HMAC-SHA256 over the method, the request target, the body's SHA-256, a
 * timestamp and a nonce, keyed by the agent's own secret. Only the agent and the server that enrolled it know that
 * key, so a call signed with it comes from that server and was meant for this agent; the enrollment token, an API
 * token or another agent's secret prove nothing here. The agent checks with {@link AgentCallVerifier}.
 *
 * <p>The key is the SHA-256 of the agent's secret ({@link #keyOf}): that is what the server keeps of the secret, and
 * the agent, which keeps the secret itself, derives the same. The secret never travels on these calls.
 */
public final class AgentCallSignature {
    public static final String SIGNATURE_HEADER = "X-Burstline-Signature";
    public static final String TIMESTAMP_HEADER = "X-Burstline-Timestamp";
    public static final String NONCE_HEADER = "X-Burstline-Nonce";
    /** How far a call's timestamp may be from the agent's clock, either way. */
    public static final Duration MAX_SKEW = Duration.ofSeconds(60);
    static final String PREFIX = "v1=";
    static final Pattern NONCE_FORM = Pattern.compile("[A-Za-z0-9_-]{16,64}");
    private static final Pattern KEY_FORM = Pattern.compile("[0-9a-f]{64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private AgentCallSignature() {
    }

    /** The signing key for an agent's secret: its SHA-256 in lower-case hex, as the server stores it. */
    public static String keyOf(String secret) {
        return HexFormat.of().formatHex(sha256(secret.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The three headers of a call signed now with a fresh nonce.
     *
     * @param key    {@link #keyOf} the agent's secret
     * @param target the path and query the request goes to, e.g. {@code /v1/scenarios}
     */
    public static Map<String, String> sign(String key, String method, String target, byte[] body, Instant now) {
        byte[] nonce = new byte[18];
        RANDOM.nextBytes(nonce);
        return sign(key, method, target, body, now.getEpochSecond(),
                Base64.getUrlEncoder().withoutPadding().encodeToString(nonce));
    }

    static Map<String, String> sign(String key, String method, String target, byte[] body, long timestamp,
                                    String nonce) {
        return Map.of(SIGNATURE_HEADER, PREFIX + mac(key, method, target, body, timestamp, nonce),
                TIMESTAMP_HEADER, Long.toString(timestamp), NONCE_HEADER, nonce);
    }

    /** Whether {@code signature} is this call's, compared in constant time. */
    static boolean matches(String key, String method, String target, byte[] body, long timestamp, String nonce,
                           String signature) {
        byte[] expected = (PREFIX + mac(key, method, target, body, timestamp, nonce))
                .getBytes(StandardCharsets.US_ASCII);
        return signature != null && MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
    }

    static boolean wellFormedKey(String key) {
        return key != null && KEY_FORM.matcher(key).matches();
    }

    /** One field per line, the body as its hash: no field can end where another begins. */
    private static String mac(String key, String method, String target, byte[] body, long timestamp, String nonce) {
        if (!wellFormedKey(key)) {
            throw new IllegalArgumentException("the signing key must be the SHA-256 of the agent's secret in hex");
        }
        String canonical = String.join("\n", "burstline-agent-call-v1", method, target,
                HexFormat.of().formatHex(sha256(body)), Long.toString(timestamp), nonce);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(HexFormat.of().parseHex(key), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM has HmacSHA256", e);
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
