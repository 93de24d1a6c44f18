package com.burstline.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** The API token, compared in constant time so that response timing does not leak how much of a guess was right. */
public final class ApiToken {
    private final byte[] token;

    ApiToken(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }
}
