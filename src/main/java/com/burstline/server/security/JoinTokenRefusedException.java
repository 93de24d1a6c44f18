package com.burstline.server.security;

import org.springframework.security.authentication.BadCredentialsException;

/** A join token that may not enroll (unknown, used, expired, revoked, or for another name); the message says why. */
public class JoinTokenRefusedException extends BadCredentialsException {
    public JoinTokenRefusedException(String reason) {
        super(reason);
    }
}
