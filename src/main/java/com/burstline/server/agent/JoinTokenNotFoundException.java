package com.burstline.server.agent;

class JoinTokenNotFoundException extends RuntimeException {
    JoinTokenNotFoundException(long id) {
        super("There is no join token " + id + ".");
    }
}
