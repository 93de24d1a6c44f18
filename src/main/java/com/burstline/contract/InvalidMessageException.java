package com.burstline.contract;

/**
 * A message that breaks the contract: malformed, a field missing or out of bounds. The message names the field and
 * what it must be, so the agent can answer it as a 400 problem and the server can show it to a person.
 */
public class InvalidMessageException extends IllegalArgumentException {
    public InvalidMessageException(String message) {
        super(message);
    }
}
