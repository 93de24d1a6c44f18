package com.burstline.contract;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The one-time secret the server puts in each scenario dispatch ({@link ScenarioSpec#nonce()}) and the agent brings
 * back with that scenario's live samples and result ({@link LiveSamples#nonce()}, {@link ScenarioResult#nonce()}).
 * Knowing the agent's own secret is not enough to post a result: the server also wants the nonce of a scenario it
 * dispatched to that agent, so an agent cannot report for a scenario it was not given.
 */
public final class DispatchNonce {
    public static final String FIELD = "nonce";
    public static final int MAX_LENGTH = 128;
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9_-]{16," + MAX_LENGTH + "}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private DispatchNonce() {
    }

    /** 256 random bits, URL-safe Base64 (43 characters). */
    public static String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static boolean wellFormed(String nonce) {
        return nonce != null && FORM.matcher(nonce).matches();
    }

    /** @throws InvalidMessageException when the nonce is missing or not 16–128 characters of [A-Za-z0-9_-] */
    public static void check(String nonce) {
        if (!wellFormed(nonce)) {
            throw new InvalidMessageException(FIELD + " must be 16 to " + MAX_LENGTH
                    + " characters of [A-Za-z0-9_-], as the server sent it");
        }
    }
}
