package com.burstline.server.job;

public class JobNotFoundException extends RuntimeException {
    public JobNotFoundException(long id) {
        super("There is no job " + id + ".");
    }
}
