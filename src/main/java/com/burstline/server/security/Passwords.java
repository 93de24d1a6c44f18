package com.burstline.server.security;

import java.nio.charset.StandardCharsets;

/** What a new password must be, for the API and the pages alike. */
final class Passwords {
    static final int MIN_LENGTH = 12;
    /** bcrypt reads no further than 72 bytes, and refuses to hash a longer password rather than cut it. */
    static final int MAX_BYTES = 72;

    private Passwords() {
    }

    static void check(String password) {
        if (password == null || password.length() < MIN_LENGTH) {
            throw new InvalidAccessRequestException("password must be at least " + MIN_LENGTH + " characters.");
        }
        if (tooLong(password)) {
            throw new InvalidAccessRequestException("password must be at most " + MAX_BYTES + " bytes in UTF-8 "
                    + "(bcrypt's limit), not " + password.getBytes(StandardCharsets.UTF_8).length
                    + "; a passphrase of up to " + MAX_BYTES + " plain letters fits.");
        }
    }

    static boolean tooLong(String password) {
        return password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES;
    }
}
