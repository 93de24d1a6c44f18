package com.burstline.server.security;

/** A user or token that does not exist. */
public class AccessNotFoundException extends RuntimeException {
    AccessNotFoundException(String message) {
        super(message);
    }
}
