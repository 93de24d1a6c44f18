package com.burstline.agent;

/** A request to the agent that is malformed or out of bounds; answered with 400 and this message. */
class InvalidRequestException extends RuntimeException {
    InvalidRequestException(String message) {
        super(message);
    }
}
