package com.burstline.server.security;

/** The current password given to change it was not the user's (or there is no such user). */
class WrongPasswordException extends RuntimeException {
    WrongPasswordException() {
        super("That user name and current password do not match.");
    }
}
