package com.burstline.server.run;

/** The upload is larger than {@code burstline.max-upload-size}. Answered with 413. */
public class UploadTooLargeException extends RuntimeException {
    public UploadTooLargeException(long limitBytes) {
        super("The upload is larger than the limit of " + limitBytes + " bytes (burstline.max-upload-size); "
                + "one iperf3 result is normally far smaller.");
    }
}
