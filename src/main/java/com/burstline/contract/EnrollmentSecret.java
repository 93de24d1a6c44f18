package com.burstline.contract;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The agent's own secret, which the agent draws itself and proposes when it enrolls (the {@code secret} field of its
 * registration). The agent keeps it on disk before the server hears of it: whichever of the two dies first, no secret
 * exists that the server knows and the agent lost, which would lock the agent out of its own name until an admin
 * removed it.
 */
public final class EnrollmentSecret {
    public static final String FIELD = "secret";
    private static final String PREFIX = "bl_";
    private static final Pattern FORM = Pattern.compile(PREFIX + "[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private EnrollmentSecret() {
    }

    /** 256 random bits, URL-safe Base64, behind the prefix every Burstline secret has (for secret scanners). */
    public static String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** @throws InvalidMessageException unless the secret is the form {@link #generate()} draws */
    public static String check(String secret) {
        if (secret == null || !FORM.matcher(secret).matches()) {
            throw new InvalidMessageException(FIELD + " must be \"bl_\" and 43 characters of [A-Za-z0-9_-] "
                    + "(256 random bits), as the agent draws it");
        }
        return secret;
    }
}
