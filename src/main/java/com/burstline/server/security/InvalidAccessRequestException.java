package com.burstline.server.security;

/** A user or token request that cannot be carried out as given; the message says what to change. */
public class InvalidAccessRequestException extends RuntimeException {
    InvalidAccessRequestException(String message) {
        super(message);
    }
}
