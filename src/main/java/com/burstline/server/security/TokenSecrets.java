package com.burstline.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Random secrets and their hashes, for API tokens, agents' secrets and generated passwords. */
public final class TokenSecrets {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** A prefix makes a leaked token recognisable to secret scanners and to people. */
    static final String TOKEN_PREFIX = "bl_";

    private TokenSecrets() {
    }

    public static String generate() {
        return TOKEN_PREFIX + random(32);
    }

    static String random(int bytes) {
        byte[] secret = new byte[bytes];
        RANDOM.nextBytes(secret);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    public static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
