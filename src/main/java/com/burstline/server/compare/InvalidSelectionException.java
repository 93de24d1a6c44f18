package com.burstline.server.compare;

/** A comparison, report or export request that names no sensible selection. Answered with 400. */
public class InvalidSelectionException extends RuntimeException {
    public InvalidSelectionException(String message) {
        super(message);
    }
}
