package com.burstline.server.fleet;

class JoinTokenNotFoundException extends RuntimeException {
    JoinTokenNotFoundException(long id) {
        super("There is no join token " + id + ".");
    }
}
