package com.burstline.server.run;

/** An upload's body could not be read to its end: the connection broke, or the server is stopping. */
public class UploadInterruptedException extends RuntimeException {
    UploadInterruptedException(Throwable cause) {
        super(cause);
    }
}
