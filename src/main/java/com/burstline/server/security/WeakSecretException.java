package com.burstline.server.security;

/** A configured token too short to withstand guessing; start-up stops with {@link WeakSecretFailureAnalyzer}. */
class WeakSecretException extends IllegalStateException {
    final String property;
    final int minimum;
    final int actual;

    WeakSecretException(String property, int minimum, int actual) {
        super(property + " must be at least " + minimum + " characters; it has " + actual + ".");
        this.property = property;
        this.minimum = minimum;
        this.actual = actual;
    }
}
