package com.burstline.server.run;

/** No run has this id. Answered with 404. */
public class RunNotFoundException extends RuntimeException {
    public RunNotFoundException(long id) {
        super("There is no run with id " + id + "; it may have been deleted.");
    }
}
