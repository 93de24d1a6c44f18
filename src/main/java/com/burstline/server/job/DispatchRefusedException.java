package com.burstline.server.job;

/** A result or live samples that do not belong to a dispatch of this agent: 403, and nothing is stored. */
public class DispatchRefusedException extends RuntimeException {
    DispatchRefusedException(String message) {
        super(message);
    }
}
