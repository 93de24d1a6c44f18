package com.burstline.contract;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Protocol v1's proof of a server→agent call, kept for one call only: an HMAC-SHA256 keyed by the SHA-256 of the
 * agent's own secret. That key is what the server keeps of the secret, but the secret itself travels on every
 * heartbeat, so whoever read one could sign: an agent no longer obeys a call signed so. The one exception is the
 * delivery of the server's signing key ({@code POST /v1/server-key}) to an agent that enrolled before protocol v2 and
 * holds none yet: signed with this key once, over the agent's pinned HTTPS listener, after which the agent pins the
 * server's key and refuses v1 for good ({@link AgentCallVerifier#deliveryRefusal}). Calls are signed now with
 * {@link AgentCallSignature}.
 */
public final class LegacyCallSignature {
    static final String PREFIX = "v1=";
    private static final Pattern KEY_FORM = Pattern.compile("[0-9a-f]{64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private LegacyCallSignature() {
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
        return Map.of(AgentCallSignature.SIGNATURE_HEADER, PREFIX + mac(key, method, target, body, timestamp, nonce),
                AgentCallSignature.TIMESTAMP_HEADER, Long.toString(timestamp), AgentCallSignature.NONCE_HEADER, nonce);
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
