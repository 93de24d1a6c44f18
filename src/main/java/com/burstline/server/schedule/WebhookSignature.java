package com.burstline.server.schedule;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * How a webhook's receiver knows a post came from this server: {@code X-Burstline-Signature: sha256=HEX}, the
 * HMAC-SHA256 of the exact body bytes keyed by the schedule's secret (the scheme GitHub's webhooks use, so existing
 * receivers verify it unchanged).
 */
final class WebhookSignature {
    static final String HEADER = "X-Burstline-Signature";
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSignature() {
    }

    /** A new secret: 32 random bytes as 64 hex characters. */
    static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    static String header(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException unavailable) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", unavailable);
        }
    }
}
