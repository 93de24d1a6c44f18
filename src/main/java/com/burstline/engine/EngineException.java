package com.burstline.engine;

/** A test that cannot go on, with a message a person can act on (iperf3's wording where iperf3 has one). */
public final class EngineException extends RuntimeException {
    public EngineException(String message) {
        super(message);
    }

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
