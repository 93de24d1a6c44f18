package com.burstline.server.security;

import java.nio.charset.StandardCharsets;

/**
 * The bootstrap admin token ({@code burstline.api-token}, or the data dir's generated api-token file). It must be
 * long enough not to be guessed: start-up fails otherwise. It is checked as every API token is, by the hash of its
 * row in the tokens table ({@link ApiTokens#registerBootstrap}), so that Admin → API tokens lists it and can revoke it.
 */
public final class ApiToken {
    static final int MIN_LENGTH = 16;

    private final byte[] token;

    ApiToken(String token, String property) {
        this.token = checked(token, property).getBytes(StandardCharsets.UTF_8);
    }

    String sha256() {
        return TokenSecrets.sha256(new String(token, StandardCharsets.UTF_8));
    }

    static String checked(String token, String property) {
        if (token.length() < MIN_LENGTH) {
            throw new WeakSecretException(property, MIN_LENGTH, token.length());
        }
        return token;
    }
}
