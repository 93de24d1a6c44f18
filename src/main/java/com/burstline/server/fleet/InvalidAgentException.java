package com.burstline.server.fleet;

/** An agent sent something out of the protocol's bounds. Answered with 400. */
public class InvalidAgentException extends RuntimeException {
    InvalidAgentException(String message) {
        super(message);
    }
}
