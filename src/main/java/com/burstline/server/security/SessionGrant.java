package com.burstline.server.security;

import java.io.Serializable;

/**
 * What a dashboard session was opened with, kept as its Authentication's details so that every later request of the
 * session can check it still holds (SessionCheckFilter): the API token it signed in with, or a stamp of the user's
 * role and password hash, which changes when either does and vanishes with the user.
 *
 * @param tokenId   the API token the session signed in with; null otherwise
 * @param userStamp {@link #stamp} of the user who signed in with a password; null otherwise
 */
record SessionGrant(Long tokenId, String userStamp) implements Serializable {

    static SessionGrant token(long id) {
        return new SessionGrant(id, null);
    }

    static SessionGrant user(String username, String authority, String passwordHash) {
        return new SessionGrant(null, stamp(username, authority, passwordHash));
    }

    /** A hash, so that the session never holds the password hash itself. */
    static String stamp(String username, String authority, String passwordHash) {
        return TokenSecrets.sha256(username + "\n" + authority + "\n" + passwordHash);
    }
}
