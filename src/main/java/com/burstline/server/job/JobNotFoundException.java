package com.burstline.server.job;

class JobNotFoundException extends RuntimeException {
    JobNotFoundException(long id) {
        super("There is no job " + id + ".");
    }
}
