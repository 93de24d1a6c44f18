package com.burstline.server.security;

/** A user or token change that would clash with what exists (a taken name, removing the last admin). */
public class AccessConflictException extends RuntimeException {
    AccessConflictException(String message) {
        super(message);
    }
}
