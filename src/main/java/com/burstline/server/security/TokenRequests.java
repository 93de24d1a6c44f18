package com.burstline.server.security;

import java.time.Instant;

/** The checks a new token's name and expiry pass, for the API and the admin page alike. */
final class TokenRequests {
    private TokenRequests() {
    }

    static String name(String name) {
        String stripped = name == null ? "" : name.strip();
        if (stripped.isEmpty() || stripped.length() > 100) {
            throw new InvalidAccessRequestException("name must be 1 to 100 characters, e.g. 'nightly CI'.");
        }
        return stripped;
    }

    static Instant expiry(Instant expiresAt) {
        if (expiresAt != null && !expiresAt.isAfter(Instant.now())) {
            throw new InvalidAccessRequestException("expiresAt must be in the future (ISO-8601, e.g. "
                    + "2027-01-31T00:00:00Z), or left out for a token that does not expire.");
        }
        return expiresAt;
    }
}
