package com.burstline.server.fleet;

public class JoinTokenNotFoundException extends RuntimeException {
    JoinTokenNotFoundException(long id) {
        super("There is no join token " + id + ".");
    }
}
