package com.burstline.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The bootstrap admin token ({@code burstline.api-token}), compared in constant time so that response timing does
 * not leak how much of a guess was right. It must be long enough not to be guessed: start-up fails otherwise.
 */
public final class ApiToken {
    static final int MIN_LENGTH = 16;

    private final byte[] token;

    ApiToken(String token, String property) {
        this.token = checked(token, property).getBytes(StandardCharsets.UTF_8);
    }

    boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }

    static String checked(String token, String property) {
        if (token.length() < MIN_LENGTH) {
            throw new WeakSecretException(property, MIN_LENGTH, token.length());
        }
        return token;
    }
}
