package com.burstline.server.security;

/** Too many wrong passwords from this address or for this account: 429 until the lock-out ends. */
public class TooManyFailuresException extends RuntimeException {
    public TooManyFailuresException(long seconds) {
        super("Too many failed sign-ins or wrong passwords from your address or for this account; try again in "
                + seconds + " s.");
    }
}
